import { Controller, useFormContext } from 'react-hook-form';
import { PLACEHOLDERS } from '../../../shared/defaults/texts';
import { CURRENCY_LABELS, PROPOSAL_CURRENCIES } from '../../../shared/domain/currency';
import { FormField } from '../../ui/form-field';
import fieldStyles from '../../ui/form-field.module.css';
import { TextField } from '../auth/text-field';
import formStyles from '../auth/form.module.css';
import { SingleImageField } from '../uploads/single-image-field';
import { StepSection } from './step-section';
import styles from './wizard.module.css';
import type { WizardValues } from './wizard-values';

/** Step 1: what the homeowner sees first. */
export function CoverStep() {
  const { register, control } = useFormContext<WizardValues>();
  return (
    <StepSection
      step="cover"
      lead="The first page of the proposal: who you are and which project it is for."
    >
      <TextField
        label="Company name"
        autoComplete="organization"
        placeholder={PLACEHOLDERS.companyName}
        maxLength={200}
        {...register('companyName')}
      />
      <div className={formStyles.row}>
        <TextField
          label="Project name"
          placeholder={PLACEHOLDERS.projectName}
          maxLength={200}
          {...register('projectName')}
        />
        <TextField
          label="Project address"
          autoComplete="street-address"
          placeholder={PLACEHOLDERS.projectAddress}
          maxLength={500}
          {...register('projectAddress')}
        />
      </div>
      <FormField
        label="Currency"
        hint="Every price and total in this proposal is shown in it. Product suggestions in it come first."
        className={styles.currency}
      >
        {(field) => (
          <select {...field} {...register('currency')} className={fieldStyles.input}>
            {PROPOSAL_CURRENCIES.map((code) => (
              <option key={code} value={code}>
                {CURRENCY_LABELS[code]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <Controller
        control={control}
        name="companyLogo"
        render={({ field }) => (
          <SingleImageField
            label="Company logo"
            field="companyLogo"
            hint="Shown on the cover. A PNG with a transparent background looks best."
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </StepSection>
  );
}

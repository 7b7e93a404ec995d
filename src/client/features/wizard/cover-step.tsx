import { Controller, useFormContext } from 'react-hook-form';
import { PLACEHOLDERS } from '../../../shared/defaults/texts';
import { TextField } from '../auth/text-field';
import formStyles from '../auth/form.module.css';
import { SingleImageField } from '../uploads/single-image-field';
import { StepSection } from './step-section';
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

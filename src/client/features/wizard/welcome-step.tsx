import { useId } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { PLACEHOLDERS } from '../../../shared/defaults/texts';
import { TextField } from '../auth/text-field';
import formStyles from '../auth/form.module.css';
import { SingleImageField } from '../uploads/single-image-field';
import { StepSection } from './step-section';
import { TextAreaField } from './text-area-field';
import type { WizardValues } from './wizard-values';
import styles from './wizard.module.css';

/** Step 2: a personal note from the contractor, signed with name and phone. */
export function WelcomeStep() {
  const { register, control } = useFormContext<WizardValues>();
  const showLogoHintId = useId();
  return (
    <StepSection
      step="welcome"
      lead="A short note to the homeowner. We've started one for you: make it sound like you."
    >
      <TextAreaField
        label="Introductory note"
        rows={9}
        maxLength={20000}
        {...register('introductoryNote')}
      />
      <div className={formStyles.row}>
        <TextField
          label="Your name"
          autoComplete="name"
          placeholder={PLACEHOLDERS.name}
          maxLength={200}
          {...register('name')}
        />
        <TextField
          label="Phone number"
          type="tel"
          autoComplete="tel"
          placeholder={PLACEHOLDERS.phoneNumber}
          maxLength={40}
          {...register('phoneNumber')}
        />
      </div>
      <Controller
        control={control}
        name="personalPhoto"
        render={({ field }) => (
          <SingleImageField
            label="Your photo"
            field="personalPhoto"
            hint="A friendly headshot beside your note."
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
      <div className={styles.checkboxField}>
        <label className={styles.checkbox}>
          <input type="checkbox" aria-describedby={showLogoHintId} {...register('showLogo')} />
          Show logo
        </label>
        <p id={showLogoHintId} className={styles.checkboxHint}>
          Your company logo appears on the cover.
        </p>
      </div>
    </StepSection>
  );
}

import { Controller, useFormContext } from 'react-hook-form';
import { SCOPE_PLACEHOLDER, TEAM_PLACEHOLDER } from '../../../shared/defaults/texts';
import { MultiFileField } from '../uploads/multi-file-field';
import { StepSection } from './step-section';
import { TextAreaField } from './text-area-field';
import type { WizardValues } from './wizard-values';

/** Step 3: the goal, the team, and the space as it is today. */
export function BigPictureStep() {
  const { register, control } = useFormContext<WizardValues>();
  return (
    <StepSection
      step="bigpicture"
      lead="Tell the homeowner what the project will achieve and who will build it."
    >
      <TextAreaField
        label="Project scope"
        rows={6}
        maxLength={20000}
        placeholder={SCOPE_PLACEHOLDER}
        {...register('projectScope')}
      />
      <TextAreaField
        label="Team description"
        rows={6}
        maxLength={20000}
        placeholder={TEAM_PLACEHOLDER}
        {...register('teamDescription')}
      />
      <Controller
        control={control}
        name="currentCondition"
        render={({ field }) => (
          <MultiFileField
            label="Photos and documents"
            field="currentCondition"
            hint="The current condition of the space: photos, drawings, surveys or permits."
            value={field.value}
            onChange={field.onChange}
          />
        )}
      />
    </StepSection>
  );
}

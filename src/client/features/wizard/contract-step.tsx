import { useFormContext } from 'react-hook-form';
import { StepSection } from './step-section';
import { TextAreaField } from './text-area-field';
import type { WizardValues } from './wizard-values';

/** The contract step (unnumbered, docs/product/constants.md): the agreement text, one paragraph per line. */
export function ContractStep() {
  const { register } = useFormContext<WizardValues>();
  return (
    <StepSection
      step="contract"
      lead="The agreement the homeowner signs. Our standard 13 clauses are filled in; edit them to match how you work."
    >
      <TextAreaField
        label="Contract text"
        hint="Each line becomes its own paragraph in the proposal."
        rows={18}
        maxLength={100000}
        {...register('contract')}
      />
    </StepSection>
  );
}

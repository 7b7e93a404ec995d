import { memo } from 'react';
import { PlanEditor } from '../plan-editor/plan-editor';
import { StepSection } from './step-section';

/** Step 4: the cost groups and their items, from the wizard's plan store. */
export const PlanStep = memo(function PlanStep() {
  return (
    <StepSection
      step="plan"
      lead="Group the work into cost groups and list the items with their costs. Type a preset name such as Kitchen Module to start from our item list; costs can be sums like 1200+350*2."
    >
      <PlanEditor />
    </StepSection>
  );
});

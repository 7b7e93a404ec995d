import type { SectionVisibility } from '../../../shared/schemas/proposal';

/*
 * docs/product/proposals-editor.md "Create / edit wizard": six steps on one page. docs/product/constants.md: five numbered steps plus the contract step,
 * so the progress labels run '1 of 5' to '5 of 5' and the contract step has none.
 */

export type StepKey = keyof SectionVisibility;

export interface StepDefinition {
  key: StepKey;
  title: string;
  number: number | null;
}

export const STEPS: readonly StepDefinition[] = [
  { key: 'cover', title: 'Cover', number: 1 },
  { key: 'welcome', title: 'Welcome', number: 2 },
  { key: 'bigpicture', title: 'Big Picture', number: 3 },
  { key: 'plan', title: 'Plan', number: 4 },
  { key: 'shoppinglist', title: 'Shopping List', number: 5 },
  { key: 'contract', title: 'Contract', number: null },
];

export const NUMBERED_STEP_COUNT = STEPS.filter((step) => step.number !== null).length;

export function stepDefinition(key: StepKey): StepDefinition {
  const step = STEPS.find((s) => s.key === key);
  if (!step) throw new Error(`Unknown wizard step: ${key}`);
  return step;
}

/** '1 of 5' … '5 of 5'; null for the unnumbered contract step. */
export function progressLabel(key: StepKey): string | null {
  const { number } = stepDefinition(key);
  return number === null ? null : `${number} of ${NUMBERED_STEP_COUNT}`;
}

/** The step a Next button goes to; null after the last step (the save bar comes next). */
export function nextStep(key: StepKey): StepKey | null {
  const index = STEPS.findIndex((s) => s.key === key);
  return STEPS[index + 1]?.key ?? null;
}

/** The element id of a step, for in-page links and scrolling. */
export const stepElementId = (key: StepKey) => `step-${key}`;
export const stepHeadingId = (key: StepKey) => `step-${key}-title`;

/** The element ids the wizard's other controls scroll to. */
export const WIZARD_START_ID = 'wizard-start';
export const SAVE_BUTTON_ID = 'wizard-save';

import type { ReactNode } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { ArrowDown, EyeOff } from 'lucide-react';
import { scrollToAndFocus } from './scroll';
import {
  NUMBERED_STEP_COUNT,
  SAVE_BUTTON_ID,
  nextStep,
  progressLabel,
  stepDefinition,
  stepElementId,
  stepHeadingId,
  type StepKey,
} from './steps';
import type { WizardValues } from './wizard-values';
import styles from './step-section.module.css';

interface StepSectionProps {
  step: StepKey;
  lead: string;
  children: ReactNode;
}

/**
 * One wizard step: its number ('1 of 5'), a fieldset with the step title as legend, the fields,
 * then 'Show Section' (the proposal's sectionVisibility) and Next.
 */
export function StepSection({ step, lead, children }: StepSectionProps) {
  const { register, control } = useFormContext<WizardValues>();
  const visible = useWatch({ control, name: `sectionVisibility.${step}` });
  const { title, number } = stepDefinition(step);
  const progress = progressLabel(step);
  const next = nextStep(step);
  const headingId = stepHeadingId(step);

  const goNext = () =>
    next
      ? scrollToAndFocus(stepElementId(next), stepHeadingId(next))
      : scrollToAndFocus(SAVE_BUTTON_ID);

  return (
    <section id={stepElementId(step)} className={styles.step} aria-labelledby={headingId}>
      {progress && number !== null && (
        <div className={styles.progress}>
          <span className={styles.progressLabel}>{progress}</span>
          <span className={styles.progressTrack} aria-hidden="true">
            <span
              className={styles.progressFill}
              style={{ width: `${(number / NUMBERED_STEP_COUNT) * 100}%` }}
            />
          </span>
        </div>
      )}
      <fieldset className={styles.fieldset} data-hidden={!visible || undefined}>
        <legend className={styles.legend}>
          <h2 id={headingId} className={styles.title} tabIndex={-1}>
            {title}
          </h2>
        </legend>
        <p className={styles.lead}>{lead}</p>
        {!visible && (
          <p className={styles.hiddenNote}>
            <EyeOff size={16} aria-hidden="true" />
            This section is hidden from the proposal. Tick Show Section to include it.
          </p>
        )}
        <div className={styles.body}>{children}</div>
        <div className={styles.footer}>
          <label className={styles.show}>
            <input type="checkbox" {...register(`sectionVisibility.${step}`)} />
            Show Section
          </label>
          <button type="button" className="btn btn-secondary" onClick={goNext}>
            Next
            <ArrowDown size={16} aria-hidden="true" />
          </button>
        </div>
      </fieldset>
    </section>
  );
}

import { ArrowDown } from 'lucide-react';
import { scrollToAndFocus } from './scroll';
import { stepElementId, stepHeadingId, WIZARD_START_ID } from './steps';
import styles from './wizard.module.css';

interface WizardIntroProps {
  mode: 'create' | 'edit';
  restored: boolean;
}

/** 'Create a Proposal' or 'Edit your Proposal' with 'Let's go!' (docs/product/proposals-editor.md). */
export function WizardIntro({ mode, restored }: WizardIntroProps) {
  return (
    <header id={WIZARD_START_ID} className={styles.intro}>
      <h1 className={styles.introTitle}>
        {mode === 'create' ? 'Create a Proposal' : 'Edit your Proposal'}
      </h1>
      <p className={styles.introLead}>
        {mode === 'create'
          ? 'Five short steps and your contract: cover, welcome note, the big picture, the plan with costs, and the shopping list. Skip anything you like and come back to it later.'
          : 'Change anything below, then choose Update Proposal. The homeowner sees the new version as soon as it is saved.'}
      </p>
      {restored && <p className={styles.restored}>We restored the draft you were working on.</p>}
      <button
        type="button"
        className="btn btn-primary btn-lg"
        onClick={() => scrollToAndFocus(stepElementId('cover'), stepHeadingId('cover'))}
      >
        Let&apos;s go!
        <ArrowDown size={18} aria-hidden="true" />
      </button>
    </header>
  );
}

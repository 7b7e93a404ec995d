import { PRODUCT_NAME } from '../../../shared/constants';
import { LogoMark } from '../public/frame/logo';
import { scrollToAndFocus } from './scroll';
import { STEPS, stepElementId, stepHeadingId } from './steps';
import styles from './wizard-bars.module.css';

/**
 * The wizard's own top bar (docs/product/proposals-editor.md hides the site header here): the brand and links to each step.
 * The brand is not a link: leaving goes through Cancel, which asks first.
 */
export function WizardTopBar({ mode }: { mode: 'create' | 'edit' }) {
  return (
    <div className={styles.topBar}>
      <div className={styles.topInner}>
        <span className={styles.brand}>
          <LogoMark size={28} />
          <span className={styles.brandWord}>{PRODUCT_NAME}</span>
          <span className={styles.brandMode}>{mode === 'create' ? 'New proposal' : 'Editing'}</span>
        </span>
        <nav aria-label="Proposal steps" className={styles.stepNav}>
          <ol>
            {STEPS.map((step) => (
              <li key={step.key}>
                <a
                  href={`#${stepElementId(step.key)}`}
                  onClick={(event) => {
                    event.preventDefault();
                    scrollToAndFocus(stepElementId(step.key), stepHeadingId(step.key));
                  }}
                >
                  {step.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
      </div>
    </div>
  );
}

import { useId } from 'react';
import { Check } from 'lucide-react';
import type { CommentEmailsOutcome, CommentEmailsSwitch as Setting } from './use-comment-emails';
import styles from './comment-emails-switch.module.css';

export const COMMENT_EMAILS_LABEL = 'E-mail me new comments on this proposal';
export const COMMENT_EMAILS_HINT = 'At most one e-mail every 10 minutes.';

/** What the stored setting means, for the failure's message. */
const stateText = (receiving: boolean) =>
  receiving
    ? 'You still get e-mails about new comments here.'
    : 'You still get no e-mails about comments here.';

/** Read out politely after a save; 'Saved' is what shows, the rest is for screen readers. */
function SavedText({ outcome }: { outcome: CommentEmailsOutcome }) {
  if (outcome.kind === 'saving') return 'Saving…';
  if (outcome.kind !== 'saved') return null;
  return (
    <>
      <Check size={14} aria-hidden="true" />
      Saved
      <span className="visually-hidden">
        {outcome.receiving
          ? ': we will e-mail you new comments on this proposal.'
          : ': no more e-mails about comments on this proposal.'}
      </span>
    </>
  );
}

/**
 * The caller's comment e-mails for this proposal (decision 0097), under the shop page's heading.
 * A plain checkbox: keyboard and screen readers know it; it is rendered on the server from the
 * page's data, so nothing moves when the app takes the page over.
 */
export function CommentEmailsSwitch({ setting }: { setting: Setting }) {
  const hintId = useId();
  const { checked, outcome, change } = setting;
  return (
    <div className={styles.setting}>
      <label className={styles.label}>
        <input
          type="checkbox"
          name="comment-emails"
          checked={checked}
          aria-describedby={hintId}
          onChange={(event) => change(event.target.checked)}
        />
        {COMMENT_EMAILS_LABEL}
      </label>
      <p className={styles.hint}>
        <span id={hintId}>{COMMENT_EMAILS_HINT}</span>{' '}
        <span
          role="status"
          className={styles.status}
          data-saved={outcome.kind === 'saved' || undefined}
        >
          <SavedText outcome={outcome} />
        </span>
      </p>
      {outcome.kind === 'failed' && (
        <p role="alert" className={styles.alert}>
          {outcome.known
            ? `Your change was not saved. Please try again. ${stateText(checked)}`
            : 'Your change was not saved, and we could not check your setting: it shows as last saved. Please try again.'}
        </p>
      )}
    </div>
  );
}

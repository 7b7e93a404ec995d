import { formatMoment } from '../../../shared/domain/dates';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LocalTime } from '../../ui/local-time';
import type { CreateDraft } from './draft-storage';
import styles from './wizard.module.css';

export const REPLACE_DRAFT_TITLE = 'Replace your unfinished proposal?';

/**
 * Duplicate or 'Send Proposal' opened the create screen while this device holds a draft with
 * work in it (decision 0074). Nothing is replaced until the person says so; Escape keeps it.
 */
export function ReplaceDraftQuestion({
  draft,
  onKeep,
  onReplace,
}: {
  draft: CreateDraft;
  onKeep: () => void;
  onReplace: () => void;
}) {
  const project = draft.values.projectName.trim();
  return (
    <div className={styles.page}>
      <div className={styles.content}>
        <h1 className={styles.introTitle}>Create a Proposal</h1>
      </div>
      <ConfirmDialog
        title={REPLACE_DRAFT_TITLE}
        description={
          <>
            This device keeps one unfinished proposal, and yours
            {project ? (
              <>
                {' '}
                (<strong>{project}</strong>)
              </>
            ) : null}{' '}
            was last changed <LocalTime ms={draft.savedAt} format={formatMoment} />. Opening the new
            one replaces it and everything in it.
          </>
        }
        cancelLabel="Keep my draft"
        confirmLabel="Replace it"
        // Confirm runs the choice without Radix closing the dialog first (which reads as Cancel).
        pending={false}
        onCancel={onKeep}
        onConfirm={onReplace}
      />
    </div>
  );
}

import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useArchiveProposal } from '../proposals/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { proposalTitle } from './row-model';

export const ARCHIVE_QUESTION = 'Archive this signed proposal?';
export const UNARCHIVE_QUESTION = 'Show this proposal on your dashboard again?';

interface ArchiveDialogProps {
  item: ProposalListItem;
  /** true: archive; false: unarchive. */
  archive: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * Decision 0009: a signed proposal is never deleted; its owner archives it instead. It leaves the
 * owner's list only: the homeowner and invited members keep it and its signing log.
 */
export function ArchiveDialog({
  item,
  archive,
  onClose,
  onDone,
  onCloseAutoFocus,
}: ArchiveDialogProps) {
  const mutation = useArchiveProposal();
  const title = proposalTitle(item);
  return (
    <ConfirmDialog
      title={archive ? ARCHIVE_QUESTION : UNARCHIVE_QUESTION}
      description={
        archive
          ? `“${title}” moves to your archived proposals. A signed proposal is never deleted: the homeowner keeps it and its signing log, and you can unarchive it at any time.`
          : `“${title}” returns to your list of proposals.`
      }
      confirmLabel={archive ? 'Archive' : 'Unarchive'}
      tone="primary"
      pending={mutation.isPending}
      error={
        mutation.isError
          ? errorText(
              mutation.error,
              archive
                ? 'The proposal could not be archived. Please try again.'
                : 'The proposal could not be unarchived. Please try again.',
              HIDE_FAULTS,
            )
          : null
      }
      onConfirm={() =>
        mutation.mutate(
          { id: item._id, archive },
          {
            onSuccess: () =>
              onDone(
                archive
                  ? `“${title}” was archived. Find it under Archived proposals.`
                  : `“${title}” is back in your proposals.`,
              ),
          },
        )
      }
      onCancel={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}

import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useSupportEmail } from '../../lib/public-config';
import { useDeleteProposal } from '../proposals/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { proposalTitle } from './row-model';

export const DELETE_QUESTION = 'Are you sure you want to delete this propsal?';

interface DeleteDialogProps {
  item: ProposalListItem;
  onClose: () => void;
  onDeleted: (message: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** docs/product/dashboard.md Delete. The server keeps the proposal for 30 days (a soft delete), so support can restore it. */
export function DeleteDialog({ item, onClose, onDeleted, onCloseAutoFocus }: DeleteDialogProps) {
  const remove = useDeleteProposal();
  const supportEmail = useSupportEmail();
  const title = proposalTitle(item);
  const support = supportEmail ? `support at ${supportEmail}` : 'support';
  // A deleted proposal is gone for everyone on it, not only from the owner's list.
  const hasHomeowner = item.waiting.pending.some((signer) => signer.role === 'homeowner');
  const others = hasHomeowner ? 'the homeowner and anyone you invited' : 'anyone you invited';

  return (
    <ConfirmDialog
      // The question is spelled as the spec has it.
      title={DELETE_QUESTION}
      description={`“${title}” will be removed from your dashboard, and ${others} will no longer be able to open it. Changed your mind? It can be recovered for 30 days by contacting ${support}.`}
      confirmLabel="Delete"
      tone="danger"
      pending={remove.isPending}
      error={
        remove.isError
          ? errorText(
              remove.error,
              'The proposal could not be deleted. Please try again.',
              HIDE_FAULTS,
            )
          : null
      }
      onConfirm={() =>
        remove.mutate(item._id, {
          onSuccess: () =>
            onDeleted(`“${title}” was deleted. Contact ${support} within 30 days to recover it.`),
        })
      }
      onCancel={onClose}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}

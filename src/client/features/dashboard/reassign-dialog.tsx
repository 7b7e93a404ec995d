import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useReassignProposal } from '../proposals/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { proposalTitle } from './row-model';

interface ReassignDialogProps {
  item: ProposalListItem;
  /** The listed contractor chosen in the Options menu. */
  email: string;
  onClose: () => void;
  onReassigned: (message: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** Reassign to a listed contractor, after confirmation (docs/product/dashboard.md). */
export function ReassignDialog(props: ReassignDialogProps) {
  const { item, email } = props;
  const reassign = useReassignProposal();
  const title = proposalTitle(item);

  return (
    <ConfirmDialog
      title={`Reassign this proposal to ${email}?`}
      description={`${email} will become the owner of “${title}” and can edit, send and share it.`}
      confirmLabel="Reassign"
      tone="primary"
      pending={reassign.isPending}
      error={
        reassign.isError
          ? errorText(
              reassign.error,
              'The proposal could not be reassigned. Please try again.',
              HIDE_FAULTS,
            )
          : null
      }
      onConfirm={() =>
        reassign.mutate(
          { id: item._id, newOwner: email, createNew: false },
          { onSuccess: (reply) => props.onReassigned(`“${title}” now belongs to ${reply.owner}.`) },
        )
      }
      onCancel={props.onClose}
      onCloseAutoFocus={props.onCloseAutoFocus}
    />
  );
}

import type { ProposalListItem } from '../../../shared/schemas/proposal';
import { useToggleVisibility } from '../proposals/api';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { errorText, HIDE_FAULTS } from '../../lib/error-text';
import { proposalTitle } from './row-model';

export const VISIBILITY_UPDATED = 'Visibility of your proposal was updated!';

interface VisibilityDialogProps {
  item: ProposalListItem;
  onClose: () => void;
  /** The toggle succeeded: show the docs/product/errors.md alert. */
  onUpdated: (title: string, message: string) => void;
  onCloseAutoFocus: (event: Event) => void;
}

/** 'Make Private' / 'Make Publicly Available' with its confirmation (docs/product/dashboard.md). */
export function VisibilityDialog(props: VisibilityDialogProps) {
  const { item } = props;
  const toggle = useToggleVisibility();
  const title = proposalTitle(item);
  const makePrivate = item.isPublic;

  return (
    <ConfirmDialog
      title={makePrivate ? 'Make this proposal private?' : 'Make this proposal publicly available?'}
      description={
        makePrivate
          ? `Only you and the people “${title}” was shared with will be able to open it.`
          : `Anyone with the link to “${title}” will be able to view it, without logging in.`
      }
      confirmLabel={makePrivate ? 'Make Private' : 'Make Publicly Available'}
      tone="primary"
      pending={toggle.isPending}
      error={
        toggle.isError
          ? errorText(
              toggle.error,
              'The visibility could not be changed. Please try again.',
              HIDE_FAULTS,
            )
          : null
      }
      onConfirm={() =>
        // What the button says, not a switch: a stale row or a retry cannot undo it.
        toggle.mutate(
          { id: item._id, isPublic: !makePrivate },
          {
            onSuccess: (reply) =>
              props.onUpdated(
                VISIBILITY_UPDATED,
                reply.isPublic
                  ? `“${title}” is now publicly available.`
                  : `“${title}” is now private.`,
              ),
          },
        )
      }
      onCancel={props.onClose}
      onCloseAutoFocus={props.onCloseAutoFocus}
    />
  );
}

import * as AlertDialog from '@radix-ui/react-alert-dialog';
import type { Member } from '../../../shared/schemas/sending';
import { Spinner } from '../../ui/spinner';
import dialog from '../viewer/dialog.module.css';

/** Asks before taking someone's access away; focus stays in the dialog while it runs. */
export function RemoveMemberDialog(props: {
  member: Member | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (member: Member) => void;
}) {
  const { member, pending } = props;
  const who = member ? member.name.trim() || member.email : '';
  return (
    <AlertDialog.Root
      open={member !== null}
      onOpenChange={(open) => {
        if (!open && !pending) props.onCancel();
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={dialog.overlay} />
        <AlertDialog.Content className={dialog.content}>
          <AlertDialog.Title className={dialog.title}>Remove {who}?</AlertDialog.Title>
          <AlertDialog.Description className={dialog.description}>
            {who} will no longer be able to open this proposal. You can invite them again later.
          </AlertDialog.Description>
          <div className={`${dialog.actions} ${dialog.gap}`}>
            <AlertDialog.Cancel className="btn btn-secondary" aria-disabled={pending || undefined}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn btn-primary"
              aria-disabled={pending || undefined}
              aria-busy={pending || undefined}
              onClick={() => {
                if (member && !pending) props.onConfirm(member);
              }}
            >
              {pending && <Spinner />}
              Remove
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

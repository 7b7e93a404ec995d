import type { Member } from '../../../shared/schemas/sending';
import { ConfirmDialog } from '../../ui/confirm-dialog';

/** Asks before taking someone's access away; focus stays in the dialog while it runs. */
export function RemoveMemberDialog(props: {
  member: Member | null;
  pending: boolean;
  onCancel: () => void;
  onConfirm: (member: Member) => void;
  onCloseAutoFocus?: (event: Event) => void;
}) {
  const { member, pending } = props;
  const who = member ? member.name.trim() || member.email : '';
  return (
    <ConfirmDialog
      open={member !== null}
      onCancel={props.onCancel}
      title={`Remove ${who}?`}
      description={`${who} will no longer be able to open this proposal. You can invite them again later.`}
      confirmLabel="Remove"
      tone="primary"
      pending={pending}
      onCloseAutoFocus={props.onCloseAutoFocus}
      onConfirm={() => {
        if (member) props.onConfirm(member);
      }}
    />
  );
}

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
  // An invitation would make a former homeowner an invitee, who cannot sign: sending gives the role back.
  const again =
    member?.role === 'homeowner'
      ? 'To make them its homeowner again, send it to them.'
      : 'You can invite them again later.';
  return (
    <ConfirmDialog
      open={member !== null}
      onCancel={props.onCancel}
      title={`Remove ${who}?`}
      description={`${who} will no longer be able to open this proposal. ${again}`}
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

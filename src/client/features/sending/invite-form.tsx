import { useState, type FormEvent } from 'react';
import { UserPlus } from 'lucide-react';
import { Spinner } from '../../ui/spinner';
import { useInvite } from './api';
import { inviteDisabled } from './send-form';
import { useEmailField } from './use-email-field';
import styles from './team-access.module.css';
import { errorText } from '../../lib/error-text';

const INVITE_FAILED = 'We could not send the invitation. Please try again.';

/** 'Invite users to this proposal' (docs/product/sending.md): an e-mail and 'Send invitation'. */
export function InviteForm({ proposalId }: { proposalId: string }) {
  const email = useEmailField();
  const invite = useInvite(proposalId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const disabled = inviteDisabled({ email: email.value, pending: invite.isPending });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    const address = email.value.trim().toLowerCase();
    setSentTo(null);
    invite.mutate(address, {
      onSuccess: () => {
        email.reset();
        setSentTo(address);
      },
    });
  };

  const failure = invite.error
    ? errorText(invite.error, INVITE_FAILED, { serverFaults: 'hide' })
    : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <label htmlFor="invite-email" className={styles.label}>
        Invite users to this proposal
      </label>
      <p id="invite-hint" className={styles.hint}>
        Designers, architects and helpers can view the proposal, shop and comment. They cannot sign
        or edit it.
      </p>
      <div className={styles.row}>
        <input
          id="invite-email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          className={styles.input}
          value={email.value}
          onChange={(e) => email.onChange(e.target.value)}
          onBlur={email.onBlur}
          aria-invalid={email.error ? true : undefined}
          aria-describedby={email.error ? 'invite-hint invite-error' : 'invite-hint'}
        />
        <button type="submit" className="btn btn-primary" disabled={disabled}>
          {invite.isPending ? <Spinner /> : <UserPlus size={17} aria-hidden="true" />}
          Send invitation
        </button>
      </div>
      {email.error && (
        <p id="invite-error" className={styles.error}>
          {email.error}
        </p>
      )}
      <div aria-live="polite">
        {sentTo && <p className={styles.success}>Invitation sent to {sentTo}.</p>}
      </div>
      {failure && (
        <p role="alert" className={styles.error}>
          {failure}
        </p>
      )}
    </form>
  );
}

import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { UserPlus } from 'lucide-react';
import type { z } from 'zod';
import { FormField } from '../../ui/form-field';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';
import { HOMEOWNER_NAME_MAX } from '../../../shared/schemas/sending';
import { useInvite } from './api';
import { inviteDisabled, inviteFormSchema } from './send-form';
import { useSettledEmail } from './use-settled-email';
import styles from './team-access.module.css';
import { errorText } from '../../lib/error-text';

const INVITE_FAILED = 'We could not send the invitation. Please try again.';

type InviteFormInput = z.input<typeof inviteFormSchema>;
type InviteFormOutput = z.output<typeof inviteFormSchema>;

/**
 * 'Invite users to this proposal' (docs/product/sending.md): an e-mail and 'Send invitation'.
 * `typed`: reads what was typed into the stand-in (team-access.tsx) before this form had loaded,
 * and whether the box had focus; it is checked when typing pauses, as if typed here. Read as this
 * form first renders, in the task that puts it in the stand-in's place: a key typed while the
 * form was on its way is in it.
 */
export function InviteForm({
  proposalId,
  typed,
}: {
  proposalId: string;
  typed?: () => { email: string; focused: boolean };
}) {
  const [handed] = useState(() => typed?.());
  const form = useForm<InviteFormInput, unknown, InviteFormOutput>({
    resolver: zodResolver(inviteFormSchema),
    defaultValues: { email: handed?.email ?? '', name: '' },
    // The message shows on leaving the box or when typing pauses (useSettledEmail).
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  const settle = useSettledEmail(form, 'email');
  const typedEmail = handed?.email ?? '';
  useEffect(() => {
    if (typedEmail) settle.onChange();
    // Once, for what the stand-in handed over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const email = useWatch({ control: form.control, name: 'email' });
  const error = form.formState.errors.email?.message;
  const invite = useInvite(proposalId);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const disabled = inviteDisabled({ email, pending: invite.isPending });

  const send = form.handleSubmit(({ email: address, name }) => {
    setSentTo(null);
    invite.mutate(
      { inviteeEmail: address, inviteeName: name },
      {
        onSuccess: () => {
          // Emptied only while it still holds the address just invited: the next one, typed
          // while this one was sending, stays. Empty, not back to what the stand-in handed over.
          const now = form.getValues('email').trim().toLowerCase();
          if (now === address.trim().toLowerCase()) {
            settle.cancel();
            form.reset({ email: '', name: '' });
          }
          setSentTo(address);
        },
      },
    );
  });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled) void send(event);
  };

  const failure = invite.error
    ? errorText(invite.error, INVITE_FAILED, { serverFaults: 'hide' })
    : null;

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <FormField
        id="invite-email"
        label="Invite users to this proposal"
        hint="Designers, architects and helpers can view the proposal, shop and comment. They cannot sign or edit it."
        error={error}
      >
        {(control) => (
          <div className={styles.row}>
            <input
              {...control}
              {...form.register('email', { onChange: settle.onChange })}
              type="email"
              inputMode="email"
              autoComplete="off"
              placeholder="name@example.com"
              className={styles.input}
              autoFocus={handed?.focused}
            />
            {/* Offered once an address is typed: until then the form is the stand-in's markup
                (team-access.tsx), which the viewer's first load carries. */}
            {email.trim() !== '' && (
              <input
                {...form.register('name')}
                aria-label="Their name (optional)"
                placeholder="Their name (optional)"
                autoComplete="off"
                maxLength={HOMEOWNER_NAME_MAX}
                className={styles.input}
              />
            )}
            <BusyButton
              type="submit"
              className="btn btn-primary"
              // Sending, it stays focusable (busy, not disabled) so the keyboard keeps its place.
              disabled={disabled && !invite.isPending}
              busy={invite.isPending}
            >
              {invite.isPending ? <Spinner /> : <UserPlus size={17} aria-hidden="true" />}
              Send invitation
            </BusyButton>
          </div>
        )}
      </FormField>
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

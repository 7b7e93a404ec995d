import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Send } from 'lucide-react';
import type { z } from 'zod';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { User } from '../../../shared/schemas/auth';
import type { Proposal } from '../../../shared/schemas/proposal';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { LeaveQuestion } from '../../ui/leave-question';
import { FormField } from '../../ui/form-field';
import { useLeaveGuard } from '../../lib/use-leave-guard';
import { BusyButton } from '../../ui/busy-button';
import { Spinner } from '../../ui/spinner';
import { useSendProposal } from './api';
import { defaultMessage, sendDisabled, sendFormSchema, senderOf, sentNotice } from './send-form';
import { useSettledEmail } from './use-settled-email';
import styles from './send-page.module.css';
import { errorText } from '../../lib/error-text';

const SEND_FAILED = 'We could not send the proposal. Please try again.';

type SendFormInput = z.input<typeof sendFormSchema>;
type SendFormOutput = z.output<typeof sendFormSchema>;
/** The homeowner the proposal went to (GET /api/proposal/homeowner/{id}). */
type Homeowner = { name: string; email: string };

/**
 * The send-proposal form (docs/product/sending.md): client e-mail, client name, a 12-row message.
 * A Resend starts with the `homeowner` it went to; sent to another address, the homeowner's role
 * moves there (decision 0006), so the form asks first.
 */
export function SendForm({
  proposal,
  user,
  homeowner,
}: {
  proposal: Proposal;
  user: User;
  homeowner: Homeowner | null;
}) {
  const navigate = useNavigate();
  const send = useSendProposal(proposal._id);
  const startWith = { email: homeowner?.email ?? '', clientName: homeowner?.name ?? '' };
  const form = useForm<SendFormInput, unknown, SendFormOutput>({
    resolver: zodResolver(sendFormSchema),
    // Until edited, the message is null and follows the client's name ('Hi Sam,').
    defaultValues: { ...startWith, message: null },
    // The e-mail's message shows on leaving the box or when typing pauses (useSettledEmail).
    mode: 'onBlur',
    reValidateMode: 'onBlur',
  });
  const settle = useSettledEmail(form, 'email');
  // What was typed is asked about before any way out but Send (decision 0075).
  const { blocker, allowLeaving } = useLeaveGuard(
    useCallback(() => {
      const { email, clientName, message } = form.getValues();
      return (
        email.trim() !== startWith.email ||
        clientName.trim() !== startWith.clientName ||
        message !== null
      );
    }, [form, startWith.email, startWith.clientName]),
  );
  const [email, clientName, message] = useWatch({
    control: form.control,
    name: ['email', 'clientName', 'message'],
  });
  const shown =
    message ??
    defaultMessage({
      clientName,
      projectName: proposal.projectName,
      sender: senderOf(user, proposal),
    });
  const disabled = sendDisabled({ email, clientName, pending: send.isPending });
  // The values waiting for 'Send to {address}' when they would move the homeowner's role.
  const [moving, setMoving] = useState<SendFormOutput | null>(null);
  const title = proposal.projectName.trim() || 'Untitled Project';

  const sendValues = form.handleSubmit((values) => {
    if (homeowner && values.email !== homeowner.email) setMoving(values);
    else sendNow(values);
  });
  const sendNow = (values: SendFormOutput) => {
    setMoving(null);
    send.mutate(
      {
        proposalId: proposal._id,
        to: values.email,
        message: shown,
        homeownersName: values.clientName.trim(),
      },
      {
        // docs/product/sending.md Send flow: reset the form; the proposal was reloaded; on to signing.
        onSuccess: (reply) => {
          allowLeaving();
          settle.cancel();
          form.reset();
          // To whom and when (decision 0019), then who lost access when the homeowner changed.
          const notice = sentNotice(
            { email: values.email, name: values.clientName },
            reply.sentAt,
            reply.previousHomeowner,
          );
          void navigate(paths.proposalSign(proposal._id), { state: { notice } });
        },
      },
    );
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!disabled) void sendValues(event);
  };

  return (
    <div className={styles.page}>
      <title>{`Send proposal · ${title} · ${PRODUCT_NAME}`}</title>
      <Link to={paths.proposal(proposal._id)} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" />
        Back to the proposal
      </Link>
      <form className={styles.card} onSubmit={submit} noValidate aria-labelledby="send-title">
        <h1 id="send-title" className={styles.title}>
          Send your proposal
        </h1>
        <p className={styles.lead}>
          <strong>{title}</strong> goes to your client by e-mail, with a link that signs them in to
          read it, choose products and sign it.
        </p>
        <FormField
          id="client-email"
          label="Client email"
          error={form.formState.errors.email?.message}
          className={styles.field}
        >
          {(control) => (
            <input
              {...control}
              {...form.register('email', { onChange: settle.onChange })}
              type="email"
              inputMode="email"
              autoComplete="off"
            />
          )}
        </FormField>
        <FormField id="client-name" label="Client name" className={styles.field}>
          {(control) => (
            <input {...control} {...form.register('clientName')} type="text" autoComplete="off" />
          )}
        </FormField>
        <FormField id="client-message" label="Message" className={styles.field}>
          {(control) => (
            <textarea
              {...control}
              rows={12}
              value={shown}
              onChange={(e) => form.setValue('message', e.target.value)}
            />
          )}
        </FormField>
        {send.isError && (
          <p role="alert" className={styles.alert}>
            {errorText(send.error, SEND_FAILED, { serverFaults: 'hide' })}
          </p>
        )}
        <div className={styles.actions}>
          <Link to={paths.proposal(proposal._id)} className="btn btn-secondary">
            Cancel
          </Link>
          {/* Busy, not disabled, while sending: the keyboard stays on it (decision 0075). */}
          <BusyButton
            type="submit"
            className="btn btn-primary"
            disabled={sendDisabled({ email, clientName, pending: false })}
            busy={send.isPending}
          >
            {send.isPending ? <Spinner /> : <Send size={17} aria-hidden="true" />}
            Send to Homeowner
          </BusyButton>
        </div>
      </form>
      {moving && homeowner && (
        <ConfirmDialog
          title={`Send to ${moving.email} instead?`}
          description={`${homeowner.email} will no longer be able to open this proposal: ${moving.email} becomes its homeowner.`}
          confirmLabel="Send"
          tone="primary"
          onCancel={() => setMoving(null)}
          onConfirm={() => sendNow(moving)}
        />
      )}
      <LeaveQuestion
        blocker={blocker}
        title="Discard this message?"
        description="The client's address, name and message you typed will be lost."
        cancelLabel="Keep writing"
      />
    </div>
  );
}

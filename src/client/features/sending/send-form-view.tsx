import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ArrowLeft, Send } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { User } from '../../../shared/schemas/auth';
import type { Proposal } from '../../../shared/schemas/proposal';
import { Spinner } from '../../ui/spinner';
import { useSendProposal } from './api';
import { defaultMessage, sendDisabled, senderOf } from './send-form';
import { useEmailField } from './use-email-field';
import styles from './send-page.module.css';
import { errorText } from '../../lib/error-text';

const SEND_FAILED = 'We could not send the proposal. Please try again.';

/** The send-proposal form (docs/product/sending.md): client e-mail, client name, a 12-row message. */
export function SendForm({ proposal, user }: { proposal: Proposal; user: User }) {
  const navigate = useNavigate();
  const send = useSendProposal(proposal._id);
  const email = useEmailField();
  const [clientName, setClientName] = useState('');
  // Until edited, the message follows the client's name ('Hi Sam,').
  const [message, setMessage] = useState<string | null>(null);
  const shown =
    message ??
    defaultMessage({
      clientName,
      projectName: proposal.projectName,
      sender: senderOf(user, proposal),
    });
  const disabled = sendDisabled({ email: email.value, clientName, pending: send.isPending });
  const title = proposal.projectName.trim() || 'Untitled Project';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (disabled) return;
    send.mutate(
      {
        proposalId: proposal._id,
        to: email.value.trim().toLowerCase(),
        message: shown,
        homeownersName: clientName.trim(),
      },
      {
        // docs/product/sending.md Send flow: reset the form; the proposal was reloaded; on to signing.
        onSuccess: (reply) => {
          email.reset();
          setClientName('');
          setMessage(null);
          const notice = reply.previousHomeowner
            ? `Sent. ${reply.previousHomeowner} no longer has access to this proposal.`
            : null;
          void navigate(paths.proposalSign(proposal._id), { state: notice ? { notice } : null });
        },
      },
    );
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
        <div className={styles.field}>
          <label htmlFor="client-email">Client email</label>
          <input
            id="client-email"
            type="email"
            inputMode="email"
            autoComplete="off"
            value={email.value}
            onChange={(e) => email.onChange(e.target.value)}
            onBlur={email.onBlur}
            aria-invalid={email.error ? true : undefined}
            aria-describedby={email.error ? 'client-email-error' : undefined}
          />
          {email.error && (
            <p id="client-email-error" className={styles.fieldError}>
              {email.error}
            </p>
          )}
        </div>
        <div className={styles.field}>
          <label htmlFor="client-name">Client name</label>
          <input
            id="client-name"
            type="text"
            autoComplete="off"
            value={clientName}
            onChange={(e) => setClientName(e.target.value)}
          />
        </div>
        <div className={styles.field}>
          <label htmlFor="client-message">Message</label>
          <textarea
            id="client-message"
            rows={12}
            value={shown}
            onChange={(e) => setMessage(e.target.value)}
          />
        </div>
        {send.isError && (
          <p role="alert" className={styles.alert}>
            {errorText(send.error, SEND_FAILED, { serverFaults: 'hide' })}
          </p>
        )}
        <div className={styles.actions}>
          <Link to={paths.proposal(proposal._id)} className="btn btn-secondary">
            Cancel
          </Link>
          <button type="submit" className="btn btn-primary" disabled={disabled}>
            {send.isPending ? <Spinner /> : <Send size={17} aria-hidden="true" />}
            Send to Homeowner
          </button>
        </div>
      </form>
    </div>
  );
}

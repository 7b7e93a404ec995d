import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { helpMessageBodySchema, REPORT_LIMITS } from '../../../shared/schemas/reports';
import { ApiRequestError } from '../../lib/api';
import { useSession } from '../auth/api';
import { useSendHelpMessage } from './api';
import styles from './help-panel.module.css';

const formSchema = helpMessageBodySchema.pick({ email: true, message: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The help panel's "write to us": e-mail and message, checked by the shared schema. */
export function ContactForm({ supportEmail }: { supportEmail: string | undefined }) {
  const { user } = useSession();
  const send = useSendHelpMessage();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: user?.email ?? '', message: '' },
  });
  const { errors } = form.formState;
  // Opened by 'Write to us': the keyboard goes on to the first field.
  const { setFocus } = form;
  useEffect(() => setFocus(user?.email ? 'message' : 'email'), [setFocus, user?.email]);
  const ids = { email: useId(), message: useId(), emailError: useId(), messageError: useId() };

  if (send.isSuccess) {
    return (
      <div className={styles.sent} role="status">
        <p className={styles.sentTitle}>Thank you, your message is on its way.</p>
        <p>We will reply to {send.variables.email}.</p>
        <button
          type="button"
          className="btn btn-secondary btn-sm"
          onClick={() => {
            send.reset();
            form.reset({ email: send.variables.email, message: '' });
          }}
        >
          Write another message
        </button>
      </div>
    );
  }

  const sendError =
    send.error instanceof ApiRequestError
      ? send.error.message
      : send.error
        ? 'Your message could not be sent. Please try again.'
        : undefined;

  // Only the path: the query string may hold something private (a token, a search).
  const onSubmit = form.handleSubmit((values) => {
    send.mutate({ ...values, url: window.location.pathname });
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <div className={styles.field}>
        <label htmlFor={ids.email} className={styles.label}>
          Your e-mail
        </label>
        <input
          id={ids.email}
          type="email"
          autoComplete="email"
          className={styles.input}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? ids.emailError : undefined}
          {...form.register('email')}
        />
        {errors.email && (
          <p id={ids.emailError} className={styles.error}>
            {errors.email.message}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.message} className={styles.label}>
          Your question or message
        </label>
        <textarea
          id={ids.message}
          rows={4}
          maxLength={REPORT_LIMITS.feedback}
          className={styles.input}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? ids.messageError : undefined}
          {...form.register('message')}
        />
        {errors.message && (
          <p id={ids.messageError} className={styles.error}>
            {errors.message.message}
          </p>
        )}
      </div>
      {sendError && (
        <p role="alert" className={styles.alert}>
          {sendError}
        </p>
      )}
      <div className={styles.formActions}>
        {supportEmail && (
          <span className={styles.direct}>
            or e-mail <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </span>
        )}
        <button type="submit" className="btn btn-primary btn-sm" disabled={send.isPending}>
          {send.isPending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}

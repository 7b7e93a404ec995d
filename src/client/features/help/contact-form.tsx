import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { helpMessageBodySchema, REPORT_LIMITS } from '../../../shared/schemas/reports';
import { CallError } from '../../ui/call-error';
import { FormField } from '../../ui/form-field';
import fieldStyles from '../../ui/form-field.module.css';
import { useSession } from '../auth/api';
import { useSendHelpMessage } from './api';
import { helpDraft } from './help-draft';
import styles from './help-panel.module.css';

const SEND_FAILED = 'Your message could not be sent. Please try again.';
const formSchema = helpMessageBodySchema.pick({ email: true, message: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/** The help panel's "write to us": e-mail and message, checked by the shared schema. */
export function ContactForm({ supportEmail }: { supportEmail: string | undefined }) {
  const { user } = useSession();
  const send = useSendHelpMessage();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: helpDraft.get() ?? { email: user?.email ?? '', message: '' },
  });
  // Every change is kept beside the panel, which may close at any moment.
  const keep = () => {
    const { email = '', message = '' } = form.getValues();
    helpDraft.keep({ email, message });
  };
  const { errors } = form.formState;
  // Opened by 'Write to us': the keyboard goes on to the first field.
  const { setFocus } = form;
  useEffect(() => setFocus(user?.email ? 'message' : 'email'), [setFocus, user?.email]);

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

  // Only the path: the query string may hold something private (a token, a search).
  const onSubmit = form.handleSubmit((values) => {
    send.mutate({ ...values, url: window.location.pathname }, { onSuccess: helpDraft.forget });
  });

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form}>
      <FormField label="Your e-mail" error={errors.email?.message}>
        {(control) => (
          <input
            {...control}
            {...form.register('email', { onChange: keep })}
            type="email"
            autoComplete="email"
            className={fieldStyles.input}
          />
        )}
      </FormField>
      <FormField label="Your question or message" error={errors.message?.message}>
        {(control) => (
          <textarea
            {...control}
            {...form.register('message', { onChange: keep })}
            rows={4}
            maxLength={REPORT_LIMITS.feedback}
            className={fieldStyles.input}
          />
        )}
      </FormField>
      <CallError error={send.error} fallback={SEND_FAILED} />
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

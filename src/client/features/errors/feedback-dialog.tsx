import { zodResolver } from '@hookform/resolvers/zod';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { feedbackBodySchema, REPORT_LIMITS } from '../../../shared/schemas/reports';
import { ApiRequestError } from '../../lib/api';
import { useSession } from '../auth/api';
import { useSendFeedback } from './api';
import { redactUrl } from './describe-error';
import styles from './feedback-dialog.module.css';

// The person fills in two fields; the reference and the page address are added on send.
const formSchema = feedbackBodySchema.pick({ email: true, message: true });
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

/**
 * The error page's "get in touch" link: a dialog (focus trapped, Escape closes) whose message
 * goes to support with the error's reference.
 */
export function FeedbackDialog({ eventId }: { eventId?: string }) {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const send = useSendFeedback();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(formSchema),
    defaultValues: { email: '', message: '' },
  });
  const { errors } = form.formState;
  const ids = {
    email: useId(),
    message: useId(),
    hint: useId(),
    emailError: useId(),
    messageError: useId(),
  };

  const onOpenChange = (next: boolean) => {
    if (next && send.isSuccess) {
      // A second message after a sent one starts from a clean form.
      send.reset();
      form.reset({ email: user?.email ?? '', message: '' });
    } else if (next && user && !form.getValues('email')) {
      form.setValue('email', user.email);
    }
    setOpen(next);
  };

  const onSubmit = form.handleSubmit((values) => {
    send.mutate({ ...values, eventId, url: redactUrl(window.location.href) });
  });

  const sendError =
    send.error instanceof ApiRequestError
      ? send.error.message
      : send.error
        ? 'Your message could not be sent. Please try again.'
        : undefined;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Trigger className="link-button">get in touch</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.content}>
          {send.isSuccess ? (
            <div className={styles.thanks}>
              <Dialog.Title className={styles.title}>Thank you</Dialog.Title>
              <Dialog.Description className={styles.description}>
                Your message is on its way to our support team. If we need more detail, we&apos;ll
                write to you at {send.variables.email}.
              </Dialog.Description>
              <div className={styles.actions}>
                <Dialog.Close className="btn btn-primary" autoFocus>
                  Close
                </Dialog.Close>
              </div>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Dialog.Title className={styles.title}>Tell us what happened</Dialog.Title>
              <Dialog.Description className={styles.description}>
                Your message goes straight to our support team
                {eventId ? ', together with the reference of this error' : ''}.
              </Dialog.Description>

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
                  What happened?
                </label>
                <p id={ids.hint} className={styles.hint}>
                  What were you doing just before this page appeared?
                </p>
                <textarea
                  id={ids.message}
                  rows={5}
                  maxLength={REPORT_LIMITS.feedback}
                  className={styles.input}
                  aria-invalid={errors.message ? true : undefined}
                  aria-describedby={errors.message ? `${ids.hint} ${ids.messageError}` : ids.hint}
                  {...form.register('message')}
                />
                {errors.message && (
                  <p id={ids.messageError} className={styles.error}>
                    {errors.message.message}
                  </p>
                )}
              </div>

              {eventId && (
                <p className={styles.reference}>
                  Reference: <code>{eventId}</code>
                </p>
              )}

              {sendError && (
                <p role="alert" className={styles.alert}>
                  {sendError}
                </p>
              )}

              <div className={styles.actions}>
                <Dialog.Close className="btn btn-secondary" type="button">
                  Cancel
                </Dialog.Close>
                <button type="submit" className="btn btn-primary" disabled={send.isPending}>
                  {send.isPending ? 'Sending…' : 'Send message'}
                </button>
              </div>
            </form>
          )}
          <Dialog.Close className={styles.closeIcon} aria-label="Close">
            <X size={20} aria-hidden="true" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

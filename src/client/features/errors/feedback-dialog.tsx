import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { feedbackBodySchema, REPORT_LIMITS } from '../../../shared/schemas/reports';
import { CallError } from '../../ui/call-error';
import { Dialog, DialogClose } from '../../ui/dialog';
import dialogStyles from '../../ui/dialog.module.css';
import { FormField } from '../../ui/form-field';
import fieldStyles from '../../ui/form-field.module.css';
import { useSession } from '../auth/api';
import { useSendFeedback } from './api';
import { redactUrl } from './describe-error';
import styles from './feedback-dialog.module.css';

const SEND_FAILED = 'Your message could not be sent. Please try again.';
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

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <button type="button" className="link-button">
          get in touch
        </button>
      }
      size="form"
      title={send.isSuccess ? 'Thank you' : 'Tell us what happened'}
      description={
        send.isSuccess ? (
          <>
            Your message is on its way to our support team. If we need more detail, we&apos;ll write
            to you at {send.variables.email}.
          </>
        ) : (
          <>
            Your message goes straight to our support team
            {eventId ? ', together with the reference of this error' : ''}.
          </>
        )
      }
    >
      {send.isSuccess ? (
        <div className={dialogStyles.actions}>
          <DialogClose className="btn btn-primary" autoFocus>
            Close
          </DialogClose>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className={styles.form}>
          <FormField label="Your e-mail" error={errors.email?.message}>
            {(control) => (
              <input
                {...control}
                {...form.register('email')}
                type="email"
                autoComplete="email"
                className={fieldStyles.input}
              />
            )}
          </FormField>

          <FormField
            label="What happened?"
            hint="What were you doing just before this page appeared?"
            error={errors.message?.message}
          >
            {(control) => (
              <textarea
                {...control}
                {...form.register('message')}
                rows={5}
                maxLength={REPORT_LIMITS.feedback}
                className={`${fieldStyles.input} ${styles.message}`}
              />
            )}
          </FormField>

          {eventId && (
            <p className={styles.reference}>
              Reference: <code>{eventId}</code>
            </p>
          )}

          <CallError error={send.error} fallback={SEND_FAILED} />

          <div className={dialogStyles.actions}>
            <DialogClose className="btn btn-secondary" type="button">
              Cancel
            </DialogClose>
            <button type="submit" className="btn btn-primary" disabled={send.isPending}>
              {send.isPending ? 'Sending…' : 'Send message'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

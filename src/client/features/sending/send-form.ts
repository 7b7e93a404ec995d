import { z } from 'zod';
import { formatDate } from '../../../shared/domain/status';
import { EMAIL_ERROR, emailSchema, isValidEmail } from '../../../shared/schemas/auth';

/* The send-proposal form and the invitation box as plain rules (docs/product/sending.md). */

/** docs/product/sending.md: an invalid address gives EMAIL_ERROR; an empty value clears the error. */
export function emailError(value: string): string | null {
  const email = value.trim();
  if (email === '') return null;
  return isValidEmail(email) ? null : EMAIL_ERROR;
}

/**
 * An e-mail box of these forms for the zod resolver: empty is no error (the button stays disabled
 * instead), anything else is checked by the shared `emailSchema` and comes out trimmed and
 * lower-cased.
 */
export const emailFieldSchema = z.string().transform((value, ctx) => {
  if (value.trim() === '') return '';
  const parsed = emailSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: 'custom', message: EMAIL_ERROR });
  return z.NEVER;
});

/** The invitation box. */
/** The name is optional, and checked by the server (decision 0087: how the proposal names them). */
export const inviteFormSchema = z.object({ email: emailFieldSchema, name: z.string().default('') });

/**
 * The send form. The client name and the message are sent as typed (the server checks their
 * lengths); `message` is null until edited, while it follows the client's name.
 */
export const sendFormSchema = z.object({
  email: emailFieldSchema,
  clientName: z.string(),
  message: z.string().nullable(),
});

/** docs/product/sending.md: 'Send to Homeowner' is disabled on an e-mail error or an empty e-mail or client name. */
export function sendDisabled(form: { email: string; clientName: string; pending: boolean }) {
  return (
    form.pending ||
    form.email.trim() === '' ||
    emailError(form.email) !== null ||
    form.clientName.trim() === ''
  );
}

/** docs/product/sending.md: 'Send invitation' is disabled on an error, an empty field or a send in flight. */
export function inviteDisabled(form: { email: string; pending: boolean }) {
  return form.pending || form.email.trim() === '' || emailError(form.email) !== null;
}

export interface Sender {
  name: string;
  companyName: string;
  phoneNumber: string;
}

/**
 * docs/product/sending.md: the message is prefilled with a friendly note ending 'Best,' followed by the sender's
 * name, company and phone, each only when present. It greets the client by name once typed.
 */
export function defaultMessage(opts: {
  clientName: string;
  projectName: string;
  sender: Sender;
}): string {
  const client = opts.clientName.trim();
  const project = opts.projectName.trim();
  const signature = [opts.sender.name, opts.sender.companyName, opts.sender.phoneNumber]
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return [
    client ? `Hi ${client},` : 'Hi,',
    '',
    `Thank you for the chance to work with you. I've put together a proposal for ${
      project ? project : 'your project'
    }: the plan, what each part costs, and the products you get to choose.`,
    '',
    'Use the link in this email to read it, pick your products, leave comments and sign it online. If anything is unclear or you would like to change something, just let me know.',
    '',
    'Best,',
    ...signature,
  ].join('\n');
}

/** The sender's details: the signed-in contractor's, else those on the proposal. */
export function senderOf(
  user: Sender | null,
  proposal: { name: string; companyName: string; phoneNumber: string },
): Sender {
  return {
    name: user?.name.trim() || proposal.name,
    companyName: user?.companyName.trim() || proposal.companyName,
    phoneNumber: user?.phoneNumber.trim() || proposal.phoneNumber,
  };
}

/**
 * What the page after sending says (decision 0019): to whom and when, then who lost access when
 * the proposal went to another homeowner. 'Sent to Sam Lee (sam@example.com) on Nov 24, 2026.'
 */
export function sentNotice(
  to: { email: string; name: string },
  sentAt: number,
  previousHomeowner: string | null,
): string {
  const name = to.name.trim();
  const whom = name ? `${name} (${to.email})` : to.email;
  const sent = `Sent to ${whom} on ${formatDate(sentAt)}.`;
  return previousHomeowner
    ? `${sent} ${previousHomeowner} no longer has access to this proposal.`
    : sent;
}

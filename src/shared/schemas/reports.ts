import { z } from 'zod';
import { emailSchema } from './auth';

import { REPORT_LIMITS } from './report-limits';

export { REPORT_LIMITS };

export const FEEDBACK_MESSAGE_ERROR = 'Please tell us what happened.';
export const FEEDBACK_TOO_LONG = `Please keep your message under ${REPORT_LIMITS.feedback} characters.`;

/** POST /api/reports/error: an error the browser caught. */
export const errorReportBodySchema = z.object({
  // An Error may have an empty message; it is still worth storing with its stack.
  message: z.string().max(REPORT_LIMITS.message),
  stack: z.string().max(REPORT_LIMITS.stack).default(''),
  url: z.string().max(REPORT_LIMITS.url).default(''),
});
export type ErrorReportBody = z.input<typeof errorReportBodySchema>;

export const errorReportReplySchema = z.object({ eventId: z.string() });
export type ErrorReportReply = z.infer<typeof errorReportReplySchema>;

// Event ids are the UUIDs the server hands out; anything else is refused rather than stored.
const eventIdSchema = z
  .string()
  .trim()
  .max(REPORT_LIMITS.eventId)
  .regex(/^[A-Za-z0-9-]+$/, 'The reference is not valid.');

/** POST /api/reports/feedback: what a person tells us from the error page. */
export const feedbackBodySchema = z.object({
  email: emailSchema,
  message: z
    .string({ error: FEEDBACK_MESSAGE_ERROR })
    .trim()
    .min(1, FEEDBACK_MESSAGE_ERROR)
    .max(REPORT_LIMITS.feedback, FEEDBACK_TOO_LONG),
  eventId: eventIdSchema.optional(),
  url: z.string().max(REPORT_LIMITS.url).optional(),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;

export const HELP_MESSAGE_ERROR = 'Please write your question or message.';

/** POST /api/reports/help: a message from the help panel's contact form, to SUPPORT_EMAIL. */
export const helpMessageBodySchema = z.object({
  email: emailSchema,
  message: z
    .string({ error: HELP_MESSAGE_ERROR })
    .trim()
    .min(1, HELP_MESSAGE_ERROR)
    .max(REPORT_LIMITS.feedback, FEEDBACK_TOO_LONG),
  /** The page the panel was opened on (path only), so support sees where the question arose. */
  url: z.string().max(REPORT_LIMITS.url).optional(),
});
export type HelpMessageBody = z.input<typeof helpMessageBodySchema>;

export const feedbackReplySchema = z.object({ ok: z.literal(true) });

import {
  errorReportBodySchema,
  errorReportReplySchema,
  feedbackBodySchema,
  feedbackReplySchema,
  helpMessageBodySchema,
} from '../schemas/reports';
import { defineEndpoint, errorReplies } from './endpoint';

/** Error reports, feedback and help messages (/api/reports). */
export const reports = {
  error: defineEndpoint({
    operationId: 'reportError',
    method: 'POST',
    path: '/api/reports/error',
    summary: 'Store a browser error; answers the event id the error page shows.',
    access: 'anonymous',
    body: errorReportBodySchema,
    reply: errorReportReplySchema,
    errors: errorReplies(400),
  }),
  feedback: defineEndpoint({
    operationId: 'sendFeedback',
    method: 'POST',
    path: '/api/reports/feedback',
    summary: "The error page's get-in-touch form, to the support inbox.",
    access: 'anonymous',
    body: feedbackBodySchema,
    reply: feedbackReplySchema,
    errors: errorReplies(400),
  }),
  help: defineEndpoint({
    operationId: 'sendHelpMessage',
    method: 'POST',
    path: '/api/reports/help',
    summary: "The help panel's contact form, to the support inbox.",
    access: 'anonymous',
    body: helpMessageBodySchema,
    reply: feedbackReplySchema,
    errors: errorReplies(400),
  }),
};

import { proposalIdParamsSchema } from '../schemas/proposal';
import {
  commentEmailsSchema,
  commentEmailsTokenParamsSchema,
  setCommentEmailsBodySchema,
} from '../schemas/comment-emails';
import { defineEndpoint, errorReplies } from './endpoint';

/**
 * Whether a person gets a proposal's comment e-mails (decision 0097): through the link in the
 * e-mail, without a session, or signed in. The one-click POST of RFC 8058 is not here: it is at
 * the page's own address (server/selections/comment-emails-routes.ts).
 */
export const emails = {
  byLink: defineEndpoint({
    operationId: 'commentEmailsByLink',
    method: 'GET',
    path: '/api/comment-emails/:token',
    summary:
      "Whether the person of an e-mail's link gets a proposal's comment e-mails. Changes nothing.",
    access: 'anonymous',
    params: commentEmailsTokenParamsSchema,
    reply: commentEmailsSchema,
    errors: errorReplies(404),
  }),
  setByLink: defineEndpoint({
    operationId: 'setCommentEmailsByLink',
    method: 'PUT',
    path: '/api/comment-emails/:token',
    summary: "Stop or resume a proposal's comment e-mails for the person of an e-mail's link.",
    access: 'anonymous',
    params: commentEmailsTokenParamsSchema,
    body: setCommentEmailsBodySchema,
    reply: commentEmailsSchema,
    errors: errorReplies(400, 404),
  }),
  mine: defineEndpoint({
    operationId: 'myCommentEmails',
    method: 'GET',
    path: '/api/proposal/:id/comment-emails',
    summary: "Whether the caller gets this proposal's comment e-mails.",
    access: 'member',
    params: proposalIdParamsSchema,
    reply: commentEmailsSchema,
    errors: errorReplies(401, 404),
  }),
  setMine: defineEndpoint({
    operationId: 'setMyCommentEmails',
    method: 'PUT',
    path: '/api/proposal/:id/comment-emails',
    summary: "Stop or resume this proposal's comment e-mails for the caller.",
    access: 'member',
    params: proposalIdParamsSchema,
    body: setCommentEmailsBodySchema,
    reply: commentEmailsSchema,
    errors: errorReplies(400, 401, 404),
  }),
};

import { z } from 'zod';

/*
 * Decision 0097: whether a person gets the comment e-mails of one proposal. Read and changed by
 * the link in each e-mail (its token names the person and the proposal) or, signed in, on the
 * proposal's shop page.
 */

/** The link's token: checked by the server against its signature (a 404 when it fails). */
export const commentEmailsTokenParamsSchema = z.object({ token: z.string().min(1).max(200) });

export const commentEmailsSchema = z.object({
  /** The proposal's project name, '' when it has none. */
  projectName: z.string(),
  /** True unless the person stopped them. */
  receiving: z.boolean(),
});
export type CommentEmails = z.infer<typeof commentEmailsSchema>;

export const setCommentEmailsBodySchema = z.strictObject({ receiving: z.boolean() });

/** What the e-mail link's page says when the token is not one we made (or was mistyped). */
export const COMMENT_EMAILS_LINK_INVALID =
  'This link is not valid. Use the link in the newest e-mail about comments on the proposal.';
/** When the person is no longer on the proposal: it sends them nothing anyway. */
export const COMMENT_EMAILS_NOT_ON_PROPOSAL =
  'You are no longer on this proposal, so it sends you no e-mails.';

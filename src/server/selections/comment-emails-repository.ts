import type { Executor } from '../db/helpers';

/** Kysely queries behind the comment e-mail opt-outs (comment-emails.ts, decision 0097). */

/** Whether this person stopped the comment e-mails of this proposal. */
export async function hasStoppedCommentEmails(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('comment_email_opt_outs')
    .select('user_id')
    .where('proposal_id', '=', proposalId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Of these people, those who stopped the comment e-mails of this proposal. */
export async function listStoppedCommentEmails(
  db: Executor,
  proposalId: string,
  userIds: string[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('comment_email_opt_outs')
    .select('user_id')
    .where('proposal_id', '=', proposalId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** Stops them (a second stop keeps the first's time). */
export async function stopCommentEmails(
  db: Executor,
  proposalId: string,
  userId: string,
  now: number,
): Promise<void> {
  await db
    .insertInto('comment_email_opt_outs')
    .values({ proposal_id: proposalId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.columns(['proposal_id', 'user_id']).doNothing())
    .execute();
}

/** Turns them back on. */
export async function resumeCommentEmails(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<void> {
  await db
    .deleteFrom('comment_email_opt_outs')
    .where('proposal_id', '=', proposalId)
    .where('user_id', '=', userId)
    .execute();
}

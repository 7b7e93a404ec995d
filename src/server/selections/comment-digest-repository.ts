import type { Executor } from '../db/helpers';
import { changedRows } from '../db/helpers';
import { nameOnProposal } from '../members/repository';

/** Kysely queries behind the comment digests (comment-digest.ts, decision 0092). */

/** Everyone who reads the proposal as its owner or a member, but the author: whom a comment tells. */
export async function listCommentRecipients(
  db: Executor,
  proposalId: string,
  authorId: string,
): Promise<string[]> {
  const owner = await db
    .selectFrom('proposals')
    .select('owner_id')
    .where('id', '=', proposalId)
    .executeTakeFirst();
  const members = await db
    .selectFrom('proposal_members')
    .select('user_id')
    .where('proposal_id', '=', proposalId)
    .execute();
  const ids = new Set([owner?.owner_id ?? null, ...members.map((m) => m.user_id)]);
  ids.delete(authorId);
  ids.delete(null);
  return [...ids].filter((id): id is string => id !== null);
}

export async function insertCommentNotices(
  db: Executor,
  comment: { id: string; proposalId: string; createdAt: number },
  userIds: string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insertInto('comment_notices')
    .values(
      userIds.map((user_id) => ({
        comment_id: comment.id,
        user_id,
        proposal_id: comment.proposalId,
        created_at: comment.createdAt,
      })),
    )
    .execute();
}

export interface DueDigest {
  proposal_id: string;
  user_id: string;
}

/** The (proposal, person) pairs whose oldest notice is from before `openedBefore`. */
export async function listDueDigests(
  db: Executor,
  openedBefore: number,
  limit: number,
): Promise<DueDigest[]> {
  return db
    .selectFrom('comment_notices')
    .select(['proposal_id', 'user_id'])
    .groupBy(['proposal_id', 'user_id'])
    .having((eb) => eb.fn.min('created_at'), '<=', openedBefore)
    .orderBy((eb) => eb.fn.min('created_at'))
    .limit(limit)
    .execute();
}

export interface NoticeRow {
  comment_id: string;
  content: string;
  created_at: number;
  author_id: string;
  author_email: string;
  author_name: string | null;
  item_name: string;
  /** False when the item is no longer a selection: the shop does not show its comments. */
  shown: boolean;
}

/** A person's notices on one proposal, oldest first, with what the e-mail says of each comment. */
export async function listNotices(db: Executor, digest: DueDigest): Promise<NoticeRow[]> {
  const rows = await db
    .selectFrom('comment_notices as n')
    .innerJoin('comments as c', 'c.id', 'n.comment_id')
    .innerJoin('cost_items as ci', 'ci.id', 'c.cost_item_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'ci.proposal_id').onRef('pm.user_id', '=', 'c.user_id'),
    )
    .select([
      'n.comment_id',
      'c.content',
      'c.created_at',
      'c.user_id as author_id',
      'c.email as author_email',
      'ci.name as item_name',
      'ci.selection',
    ])
    .select(nameOnProposal('pm', 'u').as('author_name'))
    .where('n.proposal_id', '=', digest.proposal_id)
    .where('n.user_id', '=', digest.user_id)
    .orderBy('c.created_at')
    .orderBy('c.id')
    .execute();
  return rows.map(({ selection, created_at, ...row }) => ({
    ...row,
    created_at: Number(created_at),
    shown: Number(selection) === 1,
  }));
}

/**
 * Deletes the listed notices of one person; how many were still there. Another instance that
 * sent some of them meanwhile deleted them first (PostgreSQL makes this wait for its commit).
 */
export async function deleteNotices(
  db: Executor,
  userId: string,
  commentIds: string[],
): Promise<number> {
  if (commentIds.length === 0) return 0;
  const result = await db
    .deleteFrom('comment_notices')
    .where('user_id', '=', userId)
    .where('comment_id', 'in', commentIds)
    .executeTakeFirst();
  return changedRows(result);
}

export function findRecipient(
  db: Executor,
  userId: string,
): Promise<{ email: string } | undefined> {
  return db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirst();
}

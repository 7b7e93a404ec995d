import type { Insertable } from 'kysely';
import type { CommentsTable } from '../db/schema';
import { changedRows, type Executor } from '../db/helpers';
import { nameOnProposal } from '../members/repository';
import type { CommentRow } from './repository';

/** Kysely queries behind item comments (comments-service.ts). */

export async function insertComment(db: Executor, row: Insertable<CommentsTable>): Promise<void> {
  await db.insertInto('comments').values(row).execute();
}

/**
 * A comment on one of this proposal's selection items, named as loadComments names its author;
 * undefined for an id of another proposal's, of an item no longer a selection, or of none.
 */
export function findComment(
  db: Executor,
  proposalId: string,
  commentId: string,
): Promise<CommentRow | undefined> {
  return db
    .selectFrom('comments as c')
    .innerJoin('cost_items as ci', 'ci.id', 'c.cost_item_id')
    .leftJoin('users as u', 'u.id', 'c.user_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'ci.proposal_id').onRef('pm.user_id', '=', 'c.user_id'),
    )
    .selectAll('c')
    .select(nameOnProposal('pm', 'u').as('author_name'))
    .where('c.id', '=', commentId)
    .where('ci.proposal_id', '=', proposalId)
    .where('ci.selection', '=', 1)
    .executeTakeFirst();
}

/** The new text, when the comment is still at `version`; how many rows changed (0 or 1). */
export async function updateCommentContent(
  db: Executor,
  commentId: string,
  version: number,
  content: string,
  now: number,
): Promise<number> {
  const result = await db
    .updateTable('comments')
    .set((eb) => ({ content, edited_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', commentId)
    .where('version', '=', version)
    .executeTakeFirst();
  return changedRows(result);
}

/** Deletes it (its pending e-mail notices go with it: their foreign key cascades). */
export async function deleteCommentRow(
  db: Executor,
  commentId: string,
  version: number | undefined,
): Promise<number> {
  let query = db.deleteFrom('comments').where('id', '=', commentId);
  if (version !== undefined) query = query.where('version', '=', version);
  return changedRows(await query.executeTakeFirst());
}

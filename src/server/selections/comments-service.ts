import { randomUUID } from 'node:crypto';
import type { Comment } from '../../shared/schemas/selections';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { notFound } from '../http/errors';
import { recordKey, type SaveKey } from '../idempotency/keys';
import { ITEM_GONE, requireShopper } from './access';
import { toComment } from './dto';
import { insertComment } from './comments-repository';
import { findSelectionItem } from './options-repository';

/**
 * POST /api/proposal/:id/items/:itemId/comments: stores the author's e-mail as it is now (docs/product/selections.md
 * Comment), so the comment keeps naming who wrote it. Open after signing, like options.
 */
export async function addComment(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  itemId: string,
  content: string,
  /** Recorded with the comment, so a retry answers it and adds no second one (decision 0015). */
  saveKey: SaveKey | null = null,
): Promise<Comment> {
  const { user: author } = await requireShopper(ctx, user, proposalId);
  if (!(await findSelectionItem(ctx.db, proposalId, itemId))) throw notFound(ITEM_GONE);
  const row = {
    id: randomUUID(),
    cost_item_id: itemId,
    user_id: author.id,
    email: author.email,
    content,
    created_at: ctx.now(),
  };
  const comment = toComment({ ...row, author_name: author.name }, author.id, true);
  await ctx.db.transaction().execute(async (trx) => {
    await insertComment(trx, row);
    await recordKey(trx, saveKey, JSON.stringify(comment), row.created_at);
  });
  return comment;
}

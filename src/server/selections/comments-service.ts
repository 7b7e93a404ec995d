import { randomUUID } from 'node:crypto';
import type { Comment } from '../../shared/schemas/selections';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { recordKey, type SaveKey } from '../idempotency/keys';
import { requireShopper, shopperName } from './access';
import { toComment } from './dto';
import { insertComment } from './comments-repository';
import { noteNewComment } from './comment-digest';
import { withItemLocked } from './options-service';

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
  const shopper = await requireShopper(ctx, user, proposalId);
  const author = shopper.user;
  const row = {
    id: randomUUID(),
    cost_item_id: itemId,
    user_id: author.id,
    email: author.email,
    content,
    created_at: ctx.now(),
  };
  // Under the item's lock: a save that removes the item meanwhile makes this the 404 of an item
  // gone, not a foreign key's failure.
  return withItemLocked(ctx, proposalId, itemId, author.id, async (trx) => {
    // Named as loadComments names it later: as this proposal names its author (decision 0087).
    const { name } = await shopperName(trx, proposalId, shopper);
    const comment = toComment({ ...row, author_name: name }, author.id, true);
    await insertComment(trx, row);
    // The others are e-mailed about it, batched (decision 0092); committed with the comment.
    await noteNewComment(trx, {
      id: row.id,
      proposalId,
      authorId: author.id,
      createdAt: row.created_at,
    });
    await recordKey(trx, saveKey, JSON.stringify(comment), row.created_at);
    return comment;
  });
}

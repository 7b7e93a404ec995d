import { randomUUID } from 'node:crypto';
import { mayDeleteComment, mayEditComment } from '../../shared/domain/selections';
import {
  COMMENT_GONE,
  DELETE_OWN_ONLY,
  EDIT_OWN_ONLY,
  type Comment,
} from '../../shared/schemas/selections';
import type { AppContext } from '../context';
import type { Dialect } from '../db/database';
import type { Trx } from '../db/helpers';
import type { UserRow } from '../db/schema';
import { conflict, forbidden, notFound } from '../http/errors';
import { recordKey, type SaveKey } from '../idempotency/keys';
import { lockProposal } from '../members/repository';
import { memberAccessNow } from '../proposals/access';
import type { ProposalAccess } from '../../shared/schemas/proposal';
import { requireShopper, shopperName } from './access';
import { toComment } from './dto';
import {
  deleteCommentRow,
  findComment,
  insertComment,
  updateCommentContent,
} from './comments-repository';
import type { CommentRow } from './repository';
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
    const comment = toComment(
      { ...row, version: 1, edited_at: null, author_name: name },
      author.id,
      shopper.access.role,
    );
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

/**
 * The comment and the caller's access, read in the change's transaction under the proposal's
 * lock, the one a removal and a reassign take: a member removed, or a proposal given away, since
 * the request's first check changes nothing (the 404 a later request gets). A comment of another
 * proposal is the same 404 as one deleted.
 */
async function commentFor(
  trx: Trx,
  dialect: Dialect,
  proposalId: string,
  commentId: string,
  userId: string,
): Promise<{ comment: CommentRow; access: ProposalAccess }> {
  await lockProposal(trx, dialect, proposalId);
  const access = await memberAccessNow(trx, proposalId, userId);
  if (!access) throw notFound();
  const comment = await findComment(trx, proposalId, commentId);
  if (!comment) throw notFound(COMMENT_GONE);
  return { comment, access };
}

/**
 * PUT /api/proposal/:id/comments/:commentId (decision 0095): its author changes the text. From a
 * screen that showed an older version: 409, nothing overwritten; but a retry of an edit that was
 * saved (the same text now stored) answers the comment as it is.
 */
export async function editComment(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  commentId: string,
  edit: { content: string; version: number },
): Promise<Comment> {
  const shopper = await requireShopper(ctx, user, proposalId);
  const userId = shopper.user.id;
  return ctx.db.transaction().execute(async (trx) => {
    const { comment, access } = await commentFor(trx, ctx.dialect, proposalId, commentId, userId);
    if (!mayEditComment(access.role, comment.user_id, userId)) throw forbidden(EDIT_OWN_ONLY);
    const unchanged = comment.content === edit.content;
    if (unchanged || comment.version !== edit.version) {
      if (!unchanged) throw conflict('comment_changed');
      // Nothing to change: no '(edited)' for a Save that kept the text.
      return toComment(comment, userId, access.role);
    }
    const now = ctx.now();
    if ((await updateCommentContent(trx, commentId, edit.version, edit.content, now)) === 0) {
      // Edited or deleted between the read and the write (another tab, at the same moment).
      const latest = await findComment(trx, proposalId, commentId);
      throw latest ? conflict('comment_changed') : notFound(COMMENT_GONE);
    }
    // An e-mail not yet sent about it will carry this text (decision 0092 reads it when sending).
    return toComment(
      { ...comment, content: edit.content, edited_at: now, version: edit.version + 1 },
      userId,
      access.role,
    );
  });
}

/**
 * DELETE /api/proposal/:id/comments/:commentId (decision 0095): its author, or the proposal's
 * owner, removes it for good, with the e-mails about it not yet sent. `version`: the one the
 * confirmation showed; edited since, 409, so nobody deletes words they have not read.
 */
export async function deleteComment(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  commentId: string,
  version: number | undefined,
): Promise<void> {
  const shopper = await requireShopper(ctx, user, proposalId);
  const userId = shopper.user.id;
  await ctx.db.transaction().execute(async (trx) => {
    const { comment, access } = await commentFor(trx, ctx.dialect, proposalId, commentId, userId);
    if (!mayDeleteComment(access.role, comment.user_id, userId)) throw forbidden(DELETE_OWN_ONLY);
    if (version !== undefined && comment.version !== version) throw conflict('comment_changed');
    if ((await deleteCommentRow(trx, commentId, version)) === 0) {
      const latest = await findComment(trx, proposalId, commentId);
      throw latest ? conflict('comment_changed') : notFound(COMMENT_GONE);
    }
  });
}

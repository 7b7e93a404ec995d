import type { AppContext } from '../context';
import { conflict, forbidden, notFound } from '../http/errors';
import { accessFor, lockOwned, NOT_OWNER } from '../proposals/access';
import { EDITOR_FILE_KINDS } from '../proposals/plan-repository';
import { recordEdit } from '../proposals/edit-trace';
import { bumpVersionIfUnsigned, findHomeownerSignedAt } from '../proposals/repository';
import { canReadFile } from './access';
import { deleteFileAsSeen, findFileWithContext } from './repository';
import { removeStoredBytes } from './service';

export const NOT_REMOVABLE = 'This file cannot be removed here.';

/**
 * DELETE /api/files/:id: an upload not yet in a proposal, by its uploader; a file of a proposal,
 * by that proposal's owner while it can still be edited. The row goes first (the proposal's
 * logo or photo reference is cleared by its foreign key, and the proposal's version moves on,
 * since its content changed); the bytes after the commit.
 */
export async function removeFile(
  ctx: AppContext,
  id: string,
  userId: string | null,
  uploadTokenHash: string | null,
): Promise<void> {
  const file = await findFileWithContext(ctx.db, id, userId);
  if (!file || !canReadFile(file, userId, uploadTokenHash)) throw notFound();
  const editorKind = (EDITOR_FILE_KINDS as readonly string[]).includes(file.kind);
  if (file.is_account_logo || !editorKind) throw forbidden(NOT_REMOVABLE);
  const proposalId = file.proposal_id;
  if (proposalId !== null && file.proposal) {
    if (userId === null || accessFor(userId, file.proposal)?.role !== 'owner') {
      throw forbidden(NOT_OWNER);
    }
    if (file.proposal.signed_by_homeowner_at !== null) throw conflict('frozen_after_signing');
  }
  await ctx.db.transaction().execute(async (trx) => {
    const now = ctx.now();
    let sent = false;
    if (proposalId !== null && userId !== null) {
      // Still the caller's (a reassign takes this lock too).
      sent = (await lockOwned(trx, ctx.dialect, proposalId, userId)).sent_at !== null;
      // The proposal row first: it takes the row lock a signature also needs, and refuses once
      // the homeowner has signed, so a removal racing a signature cannot change signed content.
      if (!(await bumpVersionIfUnsigned(trx, proposalId, now))) {
        // Any signature freezes the content (decision 0009); say whose.
        const homeownerSignedAt = await findHomeownerSignedAt(trx, proposalId);
        throw homeownerSignedAt == null
          ? conflict('signed_content_locked')
          : conflict('frozen_after_signing');
      }
    }
    // Only as seen: a save that attached or detached it meanwhile makes this a no-op.
    if (!(await deleteFileAsSeen(trx, id, proposalId))) {
      // Nothing removed: undo the version bump along with the transaction.
      throw notFound();
    }
    // A file the homeowner was sent is gone: the owner's activity says so (decision 0085).
    if (sent && proposalId !== null && userId !== null)
      await recordEdit(trx, proposalId, userId, now);
  });
  await removeStoredBytes(ctx, [file.storage_key]);
}

import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { lockOwned } from '../proposals/access';
import { recordEdit } from '../proposals/edit-trace';
import { findProposalForCaller } from '../proposals/repository';
import { ITEM_GONE, requireNoteEditor } from './access';
import { findNote, markProposalEdited, updateNoteIfCurrent } from './notes-repository';

/**
 * PUT /api/proposal/:id/items/:itemId/note. The note is part of the plan (and of what the
 * homeowner signs), so changing it is a plan edit: in the same transaction the proposal gets a new
 * version and edited time, as a save does, and after sending an edit in the owner's activity
 * (decision 0085). An editor open on the old version then hears 409 instead of writing the old
 * note back, and the contractor's action bar offers Resend (docs/product/selections.md).
 */
export async function updateNote(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  itemId: string,
  input: { note: string; expected: string },
): Promise<{ note: string }> {
  const { user: owner } = await requireNoteEditor(ctx, user, proposalId);
  const stored = await findNote(ctx.db, proposalId, itemId);
  if (stored === undefined) throw notFound(ITEM_GONE);
  if (stored !== input.expected) throw conflict('note_changed');
  // Saving what is already there is not an edit: no new version to trip up an open editor.
  if (input.note === input.expected) return { note: stored };

  await ctx.db.transaction().execute(async (trx) => {
    // The proposal row first, as a plan save and signing take it: the three never interleave.
    // Given away meanwhile: no longer the caller's note to change.
    const locked = await lockOwned(trx, ctx.dialect, proposalId, owner.id);
    const now = ctx.now();
    if (!(await markProposalEdited(trx, proposalId, now))) {
      const now = await findProposalForCaller(trx, proposalId, owner.id);
      if (!now || now.deleted_at !== null) throw notFound();
      if (now.signed_by_homeowner_at === null) throw conflict('signed_content_locked');
      throw conflict('frozen_after_signing');
    }
    if (!(await updateNoteIfCurrent(trx, proposalId, itemId, input.note, input.expected))) {
      if ((await findNote(trx, proposalId, itemId)) === undefined) throw notFound(ITEM_GONE);
      throw conflict('note_changed');
    }
    // A note the homeowner was sent changed: the owner's activity says so (decision 0085).
    if (locked.sent_at !== null) await recordEdit(trx, proposalId, owner.id, now);
  });
  return { note: input.note };
}

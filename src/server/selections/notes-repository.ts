import { sql } from 'kysely';
import { changedOneRow, type Executor } from '../db/helpers';
import { groupOnly, nextReplyVersion, touchGroupOfItem } from '../proposals/repository';

/** Kysely queries behind the item note (notes-service.ts). */

/**
 * Marks the proposal edited the way a plan save does (a new version, the edited time), only while
 * nobody has signed. Returns false when nothing was updated (deleted or signed).
 */
export async function markProposalEdited(
  db: Executor,
  proposalId: string,
  now: number,
): Promise<boolean> {
  const result = await db
    .updateTable('proposals')
    .set({
      version: sql<number>`version + 1`,
      edited_at: now,
      reply_version: nextReplyVersion,
      // The note changes its item's group only: updateNoteIfCurrent moves that part (0043).
      ...groupOnly,
    })
    .where('id', '=', proposalId)
    .where('deleted_at', 'is', null)
    .where('signed_by_homeowner_at', 'is', null)
    .where('signed_by_contractor_at', 'is', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

/**
 * Writes the note only where the stored one is still `expected`, and moves its group's reply
 * part (decision 0043); false when it was not.
 */
export async function updateNoteIfCurrent(
  db: Executor,
  proposalId: string,
  itemId: string,
  note: string,
  expected: string,
): Promise<boolean> {
  const result = await db
    .updateTable('cost_items')
    .set({ note })
    .where('id', '=', itemId)
    .where('proposal_id', '=', proposalId)
    .where('selection', '=', 1)
    .where('note', '=', expected)
    .executeTakeFirst();
  if (!changedOneRow(result)) return false;
  await touchGroupOfItem(db, proposalId, itemId);
  return true;
}

/** The stored note of a selection item of this proposal, or undefined when there is no such item. */
export async function findNote(
  db: Executor,
  proposalId: string,
  itemId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('cost_items')
    .select('note')
    .where('id', '=', itemId)
    .where('proposal_id', '=', proposalId)
    .where('selection', '=', 1)
    .executeTakeFirst();
  return row?.note;
}

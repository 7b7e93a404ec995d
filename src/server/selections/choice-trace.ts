import type { ChooserRole } from '../db/schema';
import { insertEvent } from '../proposals/repository';
import { EDIT_WINDOW_MS } from '../proposals/edit-trace';
import type { Trx } from '../db/helpers';
import { choiceNames, deleteEvent, latestEventOf } from './options-repository';

/*
 * Decision 0091: a change of an item's Chosen option is a line in the owner's activity, "Kitchen
 * faucet: … chosen by Dora Designer", because the contractor orders from it. One person's
 * changes of one item in a row (within the edit window, nothing between) are one line, telling
 * where they ended, as an edit's saves are (decision 0085).
 */

export interface ChoiceChange {
  proposalId: string;
  itemId: string;
  /** The option now Chosen, or null when the item's choice was withdrawn. */
  optionId: string | null;
  userId: string;
  role: ChooserRole;
  now: number;
}

export async function recordChoice(trx: Trx, change: ChoiceChange): Promise<void> {
  const { item, product } = await choiceNames(trx, change.itemId, change.optionId);
  const latest = await latestEventOf(trx, change.proposalId);
  if (
    latest?.kind === 'chosen' &&
    latest.user_id === change.userId &&
    change.now - latest.created_at <= EDIT_WINDOW_MS &&
    itemIdOf(latest.detail) === change.itemId
  ) {
    await deleteEvent(trx, latest.id);
  }
  const detail: Record<string, string> = { itemId: change.itemId, item };
  if (product !== null) detail.product = product;
  // The activity names the contractor's and the homeowner's side, as for an edit or a signature.
  if (change.role === 'owner') detail.role = 'contractor';
  if (change.role === 'homeowner') detail.role = 'homeowner';
  await insertEvent(
    trx,
    {
      proposal_id: change.proposalId,
      kind: 'chosen',
      user_id: change.userId,
      detail: JSON.stringify(detail),
      now: change.now,
    },
    // Options are not the plan: only the owner's activity, part of the reply's header, changes.
    { planUnchanged: true },
  );
}

function itemIdOf(detail: string): string | null {
  try {
    const value: unknown = JSON.parse(detail);
    if (value && typeof value === 'object' && 'itemId' in value && typeof value.itemId === 'string')
      return value.itemId;
  } catch {
    // Not one of ours: a new line.
  }
  return null;
}

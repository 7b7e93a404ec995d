import { OPTIONS_PER_ITEM_MAX } from '../../shared/constants';
import type { Trx } from '../db/helpers';
import { conflict } from '../http/errors';
import { optionsTail } from './options-repository';

/**
 * The sort_order of an option added to the item, read under the item's lock; 409 once the item
 * holds OPTIONS_PER_ITEM_MAX, the most a reorder or the suggestions take, so no member's adding
 * can leave the item's order unchangeable for the others.
 */
export async function placeForOption(trx: Trx, itemId: string): Promise<number> {
  const { count, nextSortOrder } = await optionsTail(trx, itemId);
  if (count >= OPTIONS_PER_ITEM_MAX) throw conflict('item_full');
  return nextSortOrder;
}

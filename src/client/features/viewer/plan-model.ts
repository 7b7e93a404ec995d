import { sumPriced, type PricedSum } from '../../../shared/domain/pricing';
import type { CostGroup, CostItem, Proposal } from '../../../shared/schemas/proposal';

/*
 * What the viewer's Plan, Shopping List and Budget read from the cost groups (docs/product/viewer.md): items numbered
 * group.item ('1.2'), each group's subtotal. The server already drops pristine and unnamed items on
 * save; an item without a name is skipped here as well, so a number never points at a blank row.
 */

export interface NumberedItem extends CostItem {
  /** 'group.item', e.g. '1.2'. */
  number: string;
}

export interface NumberedGroup extends Omit<CostGroup, 'values'> {
  /** 1-based position of the group. */
  number: number;
  items: NumberedItem[];
  subtotalCents: number;
  /** The subtotal's priced and unpriced items (decision 0022). */
  pricing: PricedSum;
}

export const isShown = (item: Pick<CostItem, 'name'>) => item.name.trim() !== '';

export function numberGroups(groups: readonly CostGroup[]): NumberedGroup[] {
  return groups.map((group, groupIndex) => {
    const values = group.values.filter(isShown);
    const { values: _all, ...rest } = group;
    return {
      ...rest,
      number: groupIndex + 1,
      items: values.map((item, itemIndex) => ({
        ...item,
        number: `${groupIndex + 1}.${itemIndex + 1}`,
      })),
      // What the editor's groupSubtotalCents gives for a saved group, summed here: importing it
      // would bring the editor's preset lists into the viewer's first load (decision 0027).
      subtotalCents: values.reduce((sum, item) => sum + item.costCents, 0),
      pricing: sumPriced(values),
    };
  });
}

/** Every shown item of the proposal, in plan order. */
export function allItems(proposal: Pick<Proposal, 'costGroups'>): CostItem[] {
  return proposal.costGroups.flatMap((group) => group.values.filter(isShown));
}

/** Shown items flagged as selections (docs/product/viewer.md Shopping List), with their plan numbers. */
export function selectionItems(groups: readonly NumberedGroup[]): NumberedItem[] {
  return groups.flatMap((group) => group.items.filter((item) => item.selection));
}

/**
 * The docs/product/viewer.md link './selections/#{base64 of cost item id}' that scrolls to and opens the item on the
 * shopping page. The id is base64-encoded as UTF-8 so any id survives.
 */
export function selectionHash(itemId: string): string {
  const bytes = new TextEncoder().encode(itemId);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

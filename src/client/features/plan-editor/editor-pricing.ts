import { evaluateCost } from '../../../shared/domain/cost-expression';
import type { EditorGroup, EditorItem } from '../../../shared/domain/plan-editor';
import { EMPTY_SUM, sumPriced, type PricedSum } from '../../../shared/domain/pricing';

/**
 * The editor's subtotals as priced sums (decision 0022): the named items of the groups, each
 * priced once a cost is typed; a cost that does not compute yet counts as 0 cents, as in
 * groupSubtotalCents.
 */
export function editorPricing(groups: readonly Pick<EditorGroup, 'items'>[]): PricedSum {
  return sumPriced(
    groups.flatMap((group) =>
      group.items
        .filter((item) => item.name.trim() !== '')
        .map((item) => {
          const result = evaluateCost(item.rawCost);
          return { rawCost: item.rawCost, costCents: result.ok ? result.cents : 0 };
        }),
    ),
  );
}

const groupSums = new WeakMap<Pick<EditorGroup, 'items'>, PricedSum>();

/**
 * One group's priced sum, kept per group object: the reducer replaces only the group that
 * changed, so a plan total after a keystroke prices one group again, not every item.
 */
export function groupPricing(group: Pick<EditorGroup, 'items'>): PricedSum {
  let sum = groupSums.get(group);
  if (!sum) {
    sum = editorPricing([group]);
    groupSums.set(group, sum);
  }
  return sum;
}

/** The plan's total: the groups' kept sums added up. */
export function planPricing(groups: readonly Pick<EditorGroup, 'items'>[]): PricedSum {
  return groups.reduce<PricedSum>((total, group) => {
    const sum = groupPricing(group);
    return {
      cents: total.cents + sum.cents,
      priced: total.priced + sum.priced,
      unpriced: total.unpriced + sum.unpriced,
    };
  }, EMPTY_SUM);
}

export const samePricing = (a: PricedSum, b: PricedSum) =>
  a.cents === b.cents && a.priced === b.priced && a.unpriced === b.unpriced;

/** An item with a name whose cost was left empty is marked 'To price' (decision 0022). */
export const isToPrice = (item: Pick<EditorItem, 'name' | 'rawCost'>) =>
  item.name.trim() !== '' && item.rawCost.trim() === '';

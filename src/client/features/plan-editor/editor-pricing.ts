import { evaluateCost } from '../../../shared/domain/cost-expression';
import type { EditorGroup, EditorItem } from '../../../shared/domain/plan-editor';
import { sumPriced, type PricedSum } from '../../../shared/domain/pricing';

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

/** An item with a name whose cost was left empty is marked 'To price' (decision 0022). */
export const isToPrice = (item: Pick<EditorItem, 'name' | 'rawCost'>) =>
  item.name.trim() !== '' && item.rawCost.trim() === '';

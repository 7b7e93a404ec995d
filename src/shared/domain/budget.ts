import { COST_TYPES, type CostType } from './cost-types';
import { EMPTY_SUM, addLine, type PricedSum } from './pricing';

/*
 * The proposal viewer's Budget section (docs/product/viewer.md): a subtotal per cost type, a Selections subtotal and a
 * Total, all in integer cents.
 *
 * The rule, so that nothing is counted twice:
 * - Every item counts exactly once, in the line of its cost type (docs/product/model.md types 1–6). An item with no
 *   cost type (null) counts as Uncategorized, the same as type 6.
 * - Total is the sum of the six cost-type lines, which is the sum of every item's cost and so
 *   equals the sum of the plan's group subtotals.
 * - Selections is an informational subtotal: the items flagged as selections (product choices).
 *   Those items are already inside their cost-type lines (usually Allowance), so Selections is
 *   NOT added to the Total; it shows how much of the Total depends on the homeowner's choices.
 * - Each line, Selections and the Total also count their priced and unpriced items (`pricing`, see
 *   pricing.ts and decision 0022), so an unpriced line is not shown as a $0.00 price.
 */

export interface BudgetItem {
  costCents: number;
  costType: CostType | null;
  selection: boolean;
  /** The typed cost; an item with an empty one is not priced yet (pricing.ts). */
  rawCost?: string;
}

export interface BudgetLine {
  costType: CostType;
  label: string;
  cents: number;
  pricing: PricedSum;
}

export interface Budget {
  /** One line per cost type, in the order of docs/product/model.md (Labor … Uncategorized), zero lines included. */
  lines: BudgetLine[];
  /** Items flagged as selections; already part of `lines` and `totalCents`. */
  selectionsCents: number;
  /** The sum of `lines`. */
  totalCents: number;
  /** How many items were counted. */
  itemCount: number;
  selectionsPricing: PricedSum;
  totalPricing: PricedSum;
}

export const UNCATEGORIZED: CostType = 6;
export const SELECTIONS_LABEL = 'Selections';
export const TOTAL_LABEL = 'Total';

export function budgetOf(items: readonly BudgetItem[]): Budget {
  const byType = new Map<CostType, number>(COST_TYPES.map((type) => [type.value, 0]));
  const pricingByType = new Map<CostType, PricedSum>();
  let selectionsCents = 0;
  let selectionsPricing = EMPTY_SUM;
  let totalPricing = EMPTY_SUM;
  for (const item of items) {
    const type = item.costType ?? UNCATEGORIZED;
    byType.set(type, (byType.get(type) ?? 0) + item.costCents);
    pricingByType.set(type, addLine(pricingByType.get(type) ?? EMPTY_SUM, item));
    totalPricing = addLine(totalPricing, item);
    if (item.selection) {
      selectionsCents += item.costCents;
      selectionsPricing = addLine(selectionsPricing, item);
    }
  }
  const lines = COST_TYPES.map((type) => ({
    costType: type.value,
    label: type.label,
    cents: byType.get(type.value) ?? 0,
    pricing: pricingByType.get(type.value) ?? EMPTY_SUM,
  }));
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  return {
    lines,
    selectionsCents,
    totalCents,
    itemCount: items.length,
    selectionsPricing,
    totalPricing,
  };
}

import { COST_TYPES, type CostType } from './cost-types';

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
 */

export interface BudgetItem {
  costCents: number;
  costType: CostType | null;
  selection: boolean;
}

export interface BudgetLine {
  costType: CostType;
  label: string;
  cents: number;
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
}

export const UNCATEGORIZED: CostType = 6;
export const SELECTIONS_LABEL = 'Selections';
export const TOTAL_LABEL = 'Total';

export function budgetOf(items: readonly BudgetItem[]): Budget {
  const byType = new Map<CostType, number>(COST_TYPES.map((type) => [type.value, 0]));
  let selectionsCents = 0;
  for (const item of items) {
    const type = item.costType ?? UNCATEGORIZED;
    byType.set(type, (byType.get(type) ?? 0) + item.costCents);
    if (item.selection) selectionsCents += item.costCents;
  }
  const lines = COST_TYPES.map((type) => ({
    costType: type.value,
    label: type.label,
    cents: byType.get(type.value) ?? 0,
  }));
  const totalCents = lines.reduce((sum, line) => sum + line.cents, 0);
  return { lines, selectionsCents, totalCents, itemCount: items.length };
}

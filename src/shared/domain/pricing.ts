/*
 * Priced and unpriced lines (decision 0022). A cost item is priced once the contractor has typed a
 * cost for it, even '0' (an item included at no charge); an item whose cost field was left empty
 * is not priced yet, and no screen presents its 0 cents as a price. A sum over items counts the
 * priced ones and says how many are still to price.
 */

export interface PricedLine {
  /** The typed cost expression; absent when only the cents are known (then the cents are a price). */
  rawCost?: string;
  costCents: number;
}

export function isPriced(line: PricedLine): boolean {
  if (line.rawCost === undefined) return true;
  return line.rawCost.trim() !== '' || line.costCents !== 0;
}

export interface PricedSum {
  /** The sum of the priced lines. */
  cents: number;
  priced: number;
  unpriced: number;
}

export const EMPTY_SUM: PricedSum = Object.freeze({ cents: 0, priced: 0, unpriced: 0 });

export function addLine(sum: PricedSum, line: PricedLine): PricedSum {
  return isPriced(line)
    ? { cents: sum.cents + line.costCents, priced: sum.priced + 1, unpriced: sum.unpriced }
    : { ...sum, unpriced: sum.unpriced + 1 };
}

export function sumPriced(lines: readonly PricedLine[]): PricedSum {
  return lines.reduce(addLine, EMPTY_SUM);
}

/**
 * How a sum is shown: 'empty' (no lines at all), 'unpriced' (lines, none priced: no amount to
 * show), 'partial' (an amount plus lines still to price) or 'priced' (an amount).
 */
export type SumState = 'empty' | 'unpriced' | 'partial' | 'priced';

export function sumState(sum: PricedSum): SumState {
  if (sum.priced === 0) return sum.unpriced === 0 ? 'empty' : 'unpriced';
  return sum.unpriced === 0 ? 'priced' : 'partial';
}

/** The texts of decision 0022. */
export const PRICING_TEXT = {
  /** An unpriced line in the viewer. */
  toBePriced: 'To be priced',
  /** The mark on an unpriced item in the editor. */
  toPrice: 'To price',
  /** A subtotal or total with lines but none priced. */
  notPricedYet: 'Not priced yet',
  /** A budget line with no items of its type. */
  noItems: 'No items',
} as const;

/** 'plus 1 item to price', 'plus 14 items to price'. */
export function plusToPrice(unpriced: number): string {
  return `plus ${unpriced} ${unpriced === 1 ? 'item' : 'items'} to price`;
}

import {
  PRICING_TEXT,
  isPriced,
  plusToPrice,
  sumState,
  type PricedLine,
  type PricedSum,
} from '../../shared/domain/pricing';
import { useFormatMoney } from './currency-context';
import styles from './priced-amount.module.css';

/*
 * Amounts that may not be priced yet (decision 0022): an unpriced line reads 'To be priced', a sum
 * with nothing priced 'Not priced yet', a partly priced sum its amount 'plus N items to price'.
 * $0.00 is shown only where someone typed 0.
 */

/** One item's cost: its amount, or 'To be priced'. */
export function LineAmount({ line, className }: { line: PricedLine; className?: string }) {
  const formatMoney = useFormatMoney();
  if (isPriced(line)) return <span className={className}>{formatMoney(line.costCents)}</span>;
  return <span className={`${className ?? ''} ${styles.unpriced}`}>{PRICING_TEXT.toBePriced}</span>;
}

interface SumAmountProps {
  sum: PricedSum;
  className?: string;
  /** What an empty sum (no items at all) reads; 'No items' unless given. */
  emptyText?: string;
}

/** A subtotal or total: its amount, 'Not priced yet', or the amount plus the items still to price. */
export function SumAmount({ sum, className, emptyText = PRICING_TEXT.noItems }: SumAmountProps) {
  const formatMoney = useFormatMoney();
  const state = sumState(sum);
  if (state === 'empty' || state === 'unpriced') {
    return (
      <span className={`${className ?? ''} ${styles.unpriced}`}>
        {state === 'empty' ? emptyText : PRICING_TEXT.notPricedYet}
      </span>
    );
  }
  return (
    <span className={`${className ?? ''} ${styles.sum}`}>
      <span>{formatMoney(sum.cents)}</span>
      {state === 'partial' && <span className={styles.plus}>{plusToPrice(sum.unpriced)}</span>}
    </span>
  );
}

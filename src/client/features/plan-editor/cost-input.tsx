import { memo, useId, useState } from 'react';
import { Calculator } from 'lucide-react';
import {
  applyEquals,
  evaluateCost,
  filterCostInput,
  pastedCost,
  refusedCostReason,
  showsCalculator,
} from '../../../shared/domain/cost-expression';
import { currencySymbol } from '../../../shared/domain/money';
import { useFormatMoney, useProposalCurrency } from '../../ui/currency-context';
import { PRICING_TEXT } from '../../../shared/domain/pricing';
import styles from './cost-input.module.css';

interface CostInputProps {
  value: string;
  onChange: (raw: string) => void;
  /** e.g. 'Cost of Demolition' or 'Cost of new item'. */
  label: string;
  className?: string;
  /** A named item whose cost is still empty: marked 'To price' (decision 0022). */
  toPrice?: boolean;
}

/**
 * docs/product/proposals-editor.md cost field: each keystroke is filtered, an expression shows its result beside a calculator
 * icon, '=' writes the result into the field, Enter leaves the field.
 */
export const CostInput = memo(function CostInput({
  value,
  onChange,
  label,
  className,
  toPrice = false,
}: CostInputProps) {
  const formatMoney = useFormatMoney();
  const id = useId();
  const resultId = `${id}-result`;
  const errorId = `${id}-error`;
  const toPriceId = `${id}-to-price`;
  const refusedId = `${id}-refused`;
  const [focused, setFocused] = useState(false);
  // A keystroke or paste the filter did not take: said under the field until the next one it
  // takes, and still there after leaving it: "12,500" kept as 12.50 must not pass unseen.
  const [refused, setRefused] = useState<string | undefined>(undefined);
  const take = (typed: string) => {
    const next = filterCostInput(value, typed);
    setRefused(next === value && typed !== value ? refusedCostReason(typed) : undefined);
    onChange(next.includes('=') ? applyEquals(next) : next);
  };
  // The proposal's currency, as the result beside the field and the totals (decision 0021).
  const currency = useProposalCurrency();
  const symbol = currencySymbol(currency) ?? currency;
  const result = evaluateCost(value);
  const calculatedCents = result.ok && showsCalculator(value) ? result.cents : null;
  const error = !focused && value.trim() !== '' && !result.ok ? result.message : undefined;

  return (
    <div className={`${styles.wrap} ${className ?? ''}`}>
      <div className={styles.control}>
        <span className={styles.currency} aria-hidden="true">
          {symbol}
        </span>
        <input
          id={id}
          data-cost=""
          data-calculated={calculatedCents !== null || undefined}
          className={styles.input}
          type="text"
          inputMode="text"
          autoComplete="off"
          spellCheck={false}
          aria-label={label}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [
              toPrice ? toPriceId : '',
              calculatedCents !== null ? resultId : '',
              error ? errorId : '',
              refused ? refusedId : '',
            ]
              .join(' ')
              .trim() || undefined
          }
          placeholder={toPrice ? undefined : '0'}
          value={value}
          onChange={(event) => take(event.target.value)}
          onPaste={(event) => {
            const text = event.clipboardData.getData('text');
            const cleaned = pastedCost(text);
            if (cleaned === text) return;
            event.preventDefault();
            const input = event.currentTarget;
            const start = input.selectionStart ?? value.length;
            const end = input.selectionEnd ?? value.length;
            take(value.slice(0, start) + cleaned + value.slice(end));
          }}
          onKeyDown={(event) => {
            // A plain Enter ends the entry; Ctrl/⌘+Enter is the wizard's save (decision 0022).
            if (event.key === 'Enter' && !event.ctrlKey && !event.metaKey) {
              event.preventDefault();
              event.currentTarget.blur();
            }
          }}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
        />
        {toPrice && (
          <span id={toPriceId} className={styles.toPrice} data-focused={focused || undefined}>
            {PRICING_TEXT.toPrice}
          </span>
        )}
        {calculatedCents !== null && (
          <Calculator className={styles.icon} size={16} aria-hidden="true" />
        )}
      </div>
      {calculatedCents !== null && (
        <span id={resultId} className={styles.result}>
          <span className="visually-hidden">Calculated: </span>= {formatMoney(calculatedCents)}
        </span>
      )}
      {error && (
        <span id={errorId} className={styles.error}>
          {error}
        </span>
      )}
      <span
        role="status"
        className={styles.refused}
        id={refusedId}
        data-left={!focused && refused ? '' : undefined}
      >
        {refused ?? ''}
      </span>
    </div>
  );
});

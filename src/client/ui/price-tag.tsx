import * as Tooltip from '@radix-ui/react-tooltip';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { otherCurrencyNote } from '../../shared/domain/currency';
import { NO_CURRENCY_TOOLTIP, needsCurrencyHint, priceText } from '../../shared/domain/products';
import type { Currency } from '../../shared/schemas/products';
import { useProposalCurrency } from './currency-context';
import styles from './price-tag.module.css';

interface PriceTagProps {
  priceCents: number | null;
  currency: Currency;
  className?: string;
}

/**
 * A product's price (docs/product/constants.md format), 'Price not available' without one, and, when the currency is
 * unknown, an info button carrying the docs/product/catalogue.md placeholder tooltip. The button sits above a card's
 * stretched link, so it can be focused and tapped without opening the retailer page. Within a
 * proposal (CurrencyProvider), a price in another currency says so in words (decision 0021).
 */
export function PriceTag({ priceCents, currency, className }: PriceTagProps) {
  const other = otherCurrencyNote(currency, priceCents, useProposalCurrency());
  return (
    <p className={className ? `${styles.price} ${className}` : styles.price}>
      <span className={priceCents === null ? styles.missing : undefined}>
        {priceText(priceCents, currency)}
      </span>
      {needsCurrencyHint(priceCents, currency) && <CurrencyHint />}
      {other && <span className={styles.otherCurrency}>{other}</span>}
    </p>
  );
}

function CurrencyHint() {
  // Controlled, because Radix opens tooltips on hover and focus only: a tap or a click on the
  // icon (its only purpose) must show the text too.
  const [open, setOpen] = useState(false);
  return (
    <Tooltip.Provider delayDuration={150}>
      <Tooltip.Root open={open} onOpenChange={setOpen}>
        <Tooltip.Trigger
          type="button"
          className={styles.hint}
          aria-label="About this price"
          // preventDefault keeps Radix from closing the tooltip on press.
          onPointerDown={(event) => event.preventDefault()}
          onClick={(event) => {
            event.preventDefault();
            setOpen(true);
          }}
        >
          <Info size={16} aria-hidden="true" />
        </Tooltip.Trigger>
        <Tooltip.Portal>
          <Tooltip.Content
            className={styles.tooltip}
            side="top"
            sideOffset={6}
            collisionPadding={8}
          >
            {NO_CURRENCY_TOOLTIP}
            <Tooltip.Arrow className={styles.arrow} />
          </Tooltip.Content>
        </Tooltip.Portal>
      </Tooltip.Root>
    </Tooltip.Provider>
  );
}

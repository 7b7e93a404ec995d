import { createContext, useContext, type ReactNode } from 'react';
import type { ProposalCurrency } from '../../shared/domain/currency';
import { formatMoney } from '../../shared/domain/money';

/*
 * The currency of the proposal on screen (decision 0021), provided once by the page's root (the
 * viewer, the shop page, the wizard, All Products) and read where money is shown: a proposal's
 * amounts in it, and PriceTag's note on a product priced in another one. Without a provider there
 * is no proposal: amounts are dollars, as the spec's format says, and no product is labelled.
 */
const CurrencyContext = createContext<ProposalCurrency | null>(null);

export function CurrencyProvider({
  currency,
  children,
}: {
  currency: ProposalCurrency;
  children: ReactNode;
}) {
  return <CurrencyContext.Provider value={currency}>{children}</CurrencyContext.Provider>;
}

/** The proposal's currency, or null outside a proposal. */
export function useProposalCurrency(): ProposalCurrency | null {
  return useContext(CurrencyContext);
}

/** Formats the proposal's cents in its currency ('$0,0.00', '€0,0.00', '£0,0.00'). */
export function useFormatMoney(): (cents: number) => string {
  const currency = useContext(CurrencyContext);
  return (cents) => formatMoney(cents, currency);
}

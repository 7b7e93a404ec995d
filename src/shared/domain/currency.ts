/*
 * The proposal's currency (decision 0021): the one its money is shown in, and the one suggestions
 * and searches rank first. Products keep their own currency (or none); one in another currency is
 * labelled, never converted.
 */

/** docs/product/constants.md: the product currencies the spec knows, in the order the wizard offers them. */
export const PROPOSAL_CURRENCIES = ['USD', 'EUR', 'GBP'] as const;
export type ProposalCurrency = (typeof PROPOSAL_CURRENCIES)[number];

/** Every proposal made before currencies, and every new one unless the contractor picks another. */
export const DEFAULT_CURRENCY: ProposalCurrency = 'USD';

export const UNKNOWN_CURRENCY = 'Currency must be one of USD, EUR or GBP.';

/** How the wizard's picker and the notes name a currency. */
export const CURRENCY_NAMES: Readonly<Record<ProposalCurrency, string>> = {
  USD: 'US dollars',
  EUR: 'euros',
  GBP: 'British pounds',
};

/** The picker's option texts. */
export const CURRENCY_LABELS: Readonly<Record<ProposalCurrency, string>> = {
  USD: 'US dollars ($)',
  EUR: 'Euros (€)',
  GBP: 'British pounds (£)',
};

/**
 * The visible note beside a product priced in another currency than the proposal's: 'in euros,
 * not US dollars'. Null when there is nothing to say: no proposal currency (a page without one),
 * no price, no product currency (the spec's tooltip speaks then), or the same currency.
 */
export function otherCurrencyNote(
  productCurrency: string | null,
  priceCents: number | null,
  proposalCurrency: ProposalCurrency | null,
): string | null {
  if (proposalCurrency === null || priceCents === null || productCurrency === null) return null;
  const code = productCurrency.trim().toUpperCase();
  if (code === '' || code === proposalCurrency) return null;
  const name = CURRENCY_NAMES[code as ProposalCurrency] ?? code;
  return `in ${name}, not ${CURRENCY_NAMES[proposalCurrency]}`;
}

/**
 * Where a product ranks for a proposal's currency, before relevance: 0 in that currency, 1 with no
 * known currency (its price may well be in it), 2 in another. The repositories' ORDER BY is this
 * rule in SQL (products/currency-order.ts); the API tests check the two agree.
 */
export function currencyTier(productCurrency: string | null, wanted: ProposalCurrency): 0 | 1 | 2 {
  if (productCurrency === null) return 1;
  return productCurrency === wanted ? 0 : 2;
}

/** Products in the order currencyTier puts them, keeping the order within a tier (relevance). */
export function rankByCurrency<T extends { currency: string | null }>(
  products: readonly T[],
  wanted: ProposalCurrency,
): T[] {
  return products
    .map((product, index) => ({ product, index, tier: currencyTier(product.currency, wanted) }))
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map((entry) => entry.product);
}

import {
  DEFAULT_CURRENCY,
  PROPOSAL_CURRENCIES,
  type ProposalCurrency,
} from '../../../shared/domain/currency';
import type { Product } from '../../../shared/schemas/products';

/* The catalogue page's wording and URL rules, as pure functions (docs/product/catalogue.md '/allProducts/', docs/product/constants.md). */

/** The query parameter the shop page links with (/allProducts/?searchTerms={item name}). */
export const SEARCH_PARAM = 'searchTerms';

/** What is searched for: surrounding and repeated spaces change nothing, so they do not query again. */
export function normaliseTerms(input: string): string {
  return input.trim().replace(/\s+/g, ' ');
}

export function termsFromParams(params: URLSearchParams): string {
  return params.get(SEARCH_PARAM) ?? '';
}

/** The same query string with the search terms set, or dropped when there are none. */
export function withTerms(params: URLSearchParams, terms: string): URLSearchParams {
  const next = new URLSearchParams(params);
  if (terms === '') next.delete(SEARCH_PARAM);
  else next.set(SEARCH_PARAM, terms);
  return next;
}

/** The currency All Products ranks first and labels the others against (decision 0021). */
export const CURRENCY_PARAM = 'currency';

/** USD unless the URL names another known currency. */
export function currencyFromParams(params: URLSearchParams): ProposalCurrency {
  const value = (params.get(CURRENCY_PARAM) ?? '').toUpperCase();
  return PROPOSAL_CURRENCIES.find((c) => c === value) ?? DEFAULT_CURRENCY;
}

/** The same query string with the currency set; the default leaves the URL clean. */
export function withCurrency(params: URLSearchParams, currency: ProposalCurrency): URLSearchParams {
  const next = new URLSearchParams(params);
  if (currency === DEFAULT_CURRENCY) next.delete(CURRENCY_PARAM);
  else next.set(CURRENCY_PARAM, currency);
  return next;
}

export function emptyMessage(terms: string): string {
  return terms === '' ? 'The catalogue has no products yet.' : `No products match "${terms}".`;
}

/** The polite announcement after a page of results arrives. */
export function resultsAnnouncement(count: number, more: boolean): string {
  const shown = `${count} ${count === 1 ? 'product' : 'products'} shown`;
  return more ? `${shown}. More load as you scroll.` : `${shown}.`;
}

/**
 * The pages loaded so far, in order. A product added to the catalogue between two page requests
 * shifts the next page by one, so a product can come twice; it is shown once.
 */
export function mergePages(pages: readonly (readonly Product[])[]): Product[] {
  const seen = new Set<string>();
  const merged: Product[] = [];
  for (const product of pages.flat()) {
    if (seen.has(product._id)) continue;
    seen.add(product._id);
    merged.push(product);
  }
  return merged;
}

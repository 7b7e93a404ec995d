import { describe, expect, it } from 'vitest';
import {
  currencyFromParams,
  emptyMessage,
  mergePages,
  normaliseTerms,
  resultsAnnouncement,
  termsFromParams,
  withCurrency,
  withTerms,
} from './catalogue-model';
import type { Product } from '../../../shared/schemas/products';
import { needsCurrencyHint, priceText } from '../../../shared/domain/products';

const product = (id: string): Product => ({
  _id: id,
  title: `Product ${id}`,
  url: `https://shop.example.com/${id}`,
  image: `/catalogue/${id}.png`,
  priceCents: 1_000,
  currency: 'USD',
  hostname: 'shop.example.com',
  manual: false,
  canEdit: false,
});

describe('search terms', () => {
  it('ignores surrounding and repeated spaces', () => {
    expect(normaliseTerms('  kitchen   faucet ')).toBe('kitchen faucet');
    expect(normaliseTerms('   ')).toBe('');
  });

  it('reads the searchTerms parameter the shop page links with', () => {
    expect(termsFromParams(new URLSearchParams('searchTerms=Kitchen%20Faucet'))).toBe(
      'Kitchen Faucet',
    );
    expect(termsFromParams(new URLSearchParams(''))).toBe('');
  });

  it('sets the parameter, keeps the others, and drops it when the search is cleared', () => {
    const params = new URLSearchParams('utm=mail&searchTerms=sink');
    expect(withTerms(params, 'tile & grout').toString()).toBe(
      'utm=mail&searchTerms=tile+%26+grout',
    );
    expect(withTerms(params, '').toString()).toBe('utm=mail');
    // The caller's object is left as it was.
    expect(params.get('searchTerms')).toBe('sink');
  });
});

describe('price', () => {
  it('formats cents with the currency symbol (§9)', () => {
    expect(priceText(129_900, 'USD')).toBe('$1,299.00');
    expect(priceText(4_550, 'GBP')).toBe('£45.50');
    expect(priceText(99, 'EUR')).toBe('€0.99');
  });

  it('says so when there is no price', () => {
    expect(priceText(null, 'USD')).toBe('Price not available');
    expect(needsCurrencyHint(null, null)).toBe(false);
  });

  it('marks a price without a currency as a placeholder', () => {
    expect(priceText(2_000, null)).toBe('$20.00');
    expect(needsCurrencyHint(2_000, null)).toBe(true);
    expect(needsCurrencyHint(2_000, 'USD')).toBe(false);
  });
});

describe('messages', () => {
  it('quotes the search in the empty state', () => {
    expect(emptyMessage('zzqx')).toBe('No products match "zzqx".');
    expect(emptyMessage('')).toBe('The catalogue has no products yet.');
  });

  it('announces how many products are shown', () => {
    expect(resultsAnnouncement(1, false)).toBe('1 product shown.');
    expect(resultsAnnouncement(16, true)).toBe('16 products shown. More load as you scroll.');
  });
});

describe('pages', () => {
  it('appends pages in order and shows a product shifted onto the next page once', () => {
    const merged = mergePages([
      [product('a'), product('b')],
      [product('b'), product('c')],
    ]);
    expect(merged.map((p) => p._id)).toEqual(['a', 'b', 'c']);
  });
});

describe('the currency All Products compares in', () => {
  it('is USD unless the URL names a known one', () => {
    expect(currencyFromParams(new URLSearchParams(''))).toBe('USD');
    expect(currencyFromParams(new URLSearchParams('currency=EUR'))).toBe('EUR');
    expect(currencyFromParams(new URLSearchParams('currency=gbp'))).toBe('GBP');
    expect(currencyFromParams(new URLSearchParams('currency=JPY'))).toBe('USD');
  });

  it('keeps the search terms and leaves the default out of the URL', () => {
    const params = new URLSearchParams('searchTerms=sink');
    expect(withCurrency(params, 'EUR').toString()).toBe('searchTerms=sink&currency=EUR');
    expect(
      withCurrency(new URLSearchParams('searchTerms=sink&currency=EUR'), 'USD').toString(),
    ).toBe('searchTerms=sink');
  });
});

import { describe, expect, it } from 'vitest';
import {
  CURRENCY_LABELS,
  DEFAULT_CURRENCY,
  PROPOSAL_CURRENCIES,
  currencyTier,
  otherCurrencyNote,
  rankByCurrency,
} from './currency';
import { formatMoney } from './money';
import { proposalCurrencySchema, proposalInputSchema } from '../schemas/proposal';
import { productListQuerySchema } from '../schemas/products';

describe('the proposal currency', () => {
  it('is USD unless the contractor picks EUR or GBP', () => {
    expect(DEFAULT_CURRENCY).toBe('USD');
    expect(PROPOSAL_CURRENCIES).toEqual(['USD', 'EUR', 'GBP']);
    expect(proposalInputSchema.parse({}).currency).toBe('USD');
    expect(proposalInputSchema.parse({ currency: 'EUR' }).currency).toBe('EUR');
  });

  it('refuses any other code with one plain sentence', () => {
    for (const bad of ['CAD', 'usd', '', null, 3]) {
      const result = proposalCurrencySchema.safeParse(bad);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Currency must be one of USD, EUR or GBP.');
    }
    expect(productListQuerySchema.safeParse({ currency: 'JPY' }).success).toBe(false);
    expect(productListQuerySchema.parse({}).currency).toBeUndefined();
  });

  it('formats money with its symbol, dollars byte-identical to before', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(123450, 'EUR')).toBe('€1,234.50');
    expect(formatMoney(-1200, 'GBP')).toBe('-£12.00');
  });

  it('labels each choice with its name and symbol', () => {
    expect(PROPOSAL_CURRENCIES.map((c) => CURRENCY_LABELS[c])).toEqual([
      'US dollars ($)',
      'Euros (€)',
      'British pounds (£)',
    ]);
  });
});

describe('otherCurrencyNote', () => {
  it('names a product currency that is not the proposal’s', () => {
    expect(otherCurrencyNote('EUR', 27900, 'USD')).toBe('in euros, not US dollars');
    expect(otherCurrencyNote('GBP', 27900, 'USD')).toBe('in British pounds, not US dollars');
    expect(otherCurrencyNote('USD', 51900, 'EUR')).toBe('in US dollars, not euros');
    expect(otherCurrencyNote('EUR', 100, 'GBP')).toBe('in euros, not British pounds');
  });

  it('says nothing for the same currency, no price, no currency or no proposal', () => {
    expect(otherCurrencyNote('USD', 51900, 'USD')).toBeNull();
    expect(otherCurrencyNote('EUR', null, 'USD')).toBeNull();
    // The spec's tooltip speaks for a price without a currency.
    expect(otherCurrencyNote(null, 51900, 'EUR')).toBeNull();
    expect(otherCurrencyNote('EUR', 27900, null)).toBeNull();
  });
});

describe('ranking by currency', () => {
  it('puts the wanted currency first, then unknown, then the others', () => {
    expect(currencyTier('USD', 'USD')).toBe(0);
    expect(currencyTier(null, 'USD')).toBe(1);
    expect(currencyTier('EUR', 'USD')).toBe(2);
    expect(currencyTier('GBP', 'GBP')).toBe(0);
  });

  it('keeps relevance within each tier', () => {
    const products = [
      { id: 'a', currency: 'EUR' },
      { id: 'b', currency: 'USD' },
      { id: 'c', currency: null },
      { id: 'd', currency: 'GBP' },
      { id: 'e', currency: 'USD' },
    ];
    expect(rankByCurrency(products, 'USD').map((p) => p.id)).toEqual(['b', 'e', 'c', 'a', 'd']);
    expect(rankByCurrency(products, 'EUR').map((p) => p.id)).toEqual(['a', 'c', 'b', 'd', 'e']);
    expect(rankByCurrency(products, 'GBP').map((p) => p.id)).toEqual(['d', 'c', 'a', 'b', 'e']);
  });
});

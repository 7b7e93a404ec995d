/*
 * docs/product/constants.md currency format '$0,0.00': USD $, GBP £, EUR €; any other code is appended after the number.
 * Amounts are integer cents; a missing currency (null, undefined or '') is shown as dollars.
 */

/** docs/product/model.md product currencies; any other code is accepted and appended. */
export type KnownCurrency = 'USD' | 'GBP' | 'EUR';

const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', GBP: '£', EUR: '€' };

const NUMBER = new Intl.NumberFormat('en-US', {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function currencySymbol(currency?: string | null): string | null {
  const code = (currency ?? '').trim().toUpperCase();
  if (code === '') return '$';
  return SYMBOLS[code] ?? null;
}

/** '$1,234.50', '-$12.00', '£1,234.50', '1,234.50 CAD'. */
export function formatMoney(
  cents: number,
  // `string & {}` accepts any code while editors still suggest the known ones.
  currency?: KnownCurrency | (string & {}) | null,
): string {
  const whole = Math.round(Math.abs(cents));
  const sign = cents < 0 && whole !== 0 ? '-' : '';
  const number = NUMBER.format(whole / 100);
  const symbol = currencySymbol(currency);
  if (symbol !== null) return `${sign}${symbol}${number}`;
  return `${sign}${number} ${(currency ?? '').trim().toUpperCase()}`;
}

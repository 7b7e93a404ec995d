/** Prices and currencies as retailer pages write them, parsed exactly into integer cents. */

export type ClipCurrency = 'EUR' | 'GBP' | 'USD';

const SYMBOLS: [RegExp, ClipCurrency][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/\$/, 'USD'],
];

/** EUR, GBP or USD from a code or symbol; anything else is null. */
export function parseCurrency(value: unknown): ClipCurrency | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (v === 'EUR' || v === 'GBP' || v === 'USD') return v;
  if (v === '€') return 'EUR';
  if (v === '£') return 'GBP';
  if (v === '$' || v === 'US$') return 'USD';
  return null;
}

/** EUR, GBP or USD from a symbol or code inside a price text such as '£1,299.99'. */
export function currencyFromSymbol(value: unknown): ClipCurrency | null {
  if (typeof value !== 'string') return null;
  if (/\b(?:A|AU|C|CA|NZ|HK|S|SG|MX)\$/i.test(value)) return null;
  // '$899 CAD': the dollar sign is not the US dollar when another code is named.
  if (/\b(?:AUD|CAD|NZD|HKD|SGD|MXN|CHF|JPY|SEK|NOK|DKK|PLN)\b/i.test(value)) return null;
  for (const [re, code] of SYMBOLS) if (re.test(value)) return code;
  const code = /\b(EUR|GBP|USD)\b/i.exec(value);
  return code?.[1] ? parseCurrency(code[1]) : null;
}

/**
 * A price as whole cents, parsed exactly (no floating point): '1,299.00', '1299', '€1.299,00',
 * '12.5', '£ 12,50', 19.99. Null when there is no usable number.
 */
export function parsePriceCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 1e12) return null;
    return parsePriceCents(value.toFixed(6));
  }
  if (typeof value !== 'string') return null;
  const match = /(?:[.,](?=\d))?\d[\d.,\s\u00a0\u202f']*/.exec(value);
  if (!match) return null;
  if (/-\s*$/.test(value.slice(0, match.index))) return null;
  let s = match[0].replace(/[\s\u00a0\u202f']/g, '');
  s = s.replace(/[.,]+$/, '');
  if (!s) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let intPart: string;
  let fracPart = '';
  if (lastDot !== -1 && lastComma !== -1) {
    const dec = lastDot > lastComma ? '.' : ',';
    const idx = Math.max(lastDot, lastComma);
    intPart = s.slice(0, idx).replace(/[.,]/g, '');
    fracPart = s.slice(idx + 1);
    if (fracPart.includes(dec === '.' ? ',' : '.')) return null;
  } else if (lastDot !== -1 || lastComma !== -1) {
    const sep = lastDot !== -1 ? '.' : ',';
    const parts = s.split(sep);
    const last = parts[parts.length - 1] ?? '';
    const thousands =
      parts.length > 2 ||
      // '1,299' is a thousands separator; '12,50' is a decimal comma.
      (sep === ',' && last.length === 3);
    if (thousands) {
      if (parts.slice(1).some((p) => p.length !== 3)) return null;
      intPart = parts.join('');
    } else {
      intPart = parts[0] ?? '';
      fracPart = last;
    }
  } else {
    intPart = s;
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(fracPart)) return null;
  if (!intPart && !fracPart) return null;
  const whole = Number(intPart || '0');
  const cents2 = Number((fracPart + '00').slice(0, 2));
  const roundUp = Number(fracPart[2] ?? '0') >= 5 ? 1 : 0;
  const cents = whole * 100 + cents2 + roundUp;
  return Number.isSafeInteger(cents) ? cents : null;
}

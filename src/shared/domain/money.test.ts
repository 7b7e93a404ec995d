import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatMoney } from './money';

describe('formatMoney', () => {
  it.each([
    [123450, 'USD', '$1,234.50'],
    [123450, 'GBP', '£1,234.50'],
    [123450, 'EUR', '€1,234.50'],
    [123450, 'CAD', '1,234.50 CAD'],
    [123450, 'cad', '1,234.50 CAD'],
    [123450, 'usd', '$1,234.50'],
    [-1200, 'USD', '-$12.00'],
    [-1200, 'EUR', '-€12.00'],
    [-123450, 'CAD', '-1,234.50 CAD'],
    [0, 'USD', '$0.00'],
    [-0, 'USD', '$0.00'],
    [5, 'USD', '$0.05'],
    [100000000000000, 'USD', '$1,000,000,000,000.00'],
    [123450, null, '$1,234.50'],
    [123450, undefined, '$1,234.50'],
    [123450, '', '$1,234.50'],
  ])('%i %s → %s', (cents, currency, expected) => {
    expect(formatMoney(cents, currency)).toBe(expected);
  });

  it('defaults to dollars', () => {
    expect(formatMoney(99)).toBe('$0.99');
  });

  it('writes every whole-cent amount exactly, with grouping', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e14, max: 1e14 }), (cents) => {
        const text = formatMoney(cents, 'USD');
        const abs = Math.abs(cents);
        const expected = `${Math.floor(abs / 100).toLocaleString('en-US')}.${String(abs % 100).padStart(2, '0')}`;
        expect(text).toBe(`${cents < 0 ? '-' : ''}$${expected}`);
        expect(text).toMatch(/^-?\$\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});

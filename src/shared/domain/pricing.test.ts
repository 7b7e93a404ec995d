import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { isPriced, plusToPrice, sumPriced, sumState } from './pricing';

describe('isPriced', () => {
  it('is false for an item whose cost was left empty', () => {
    expect(isPriced({ rawCost: '', costCents: 0 })).toBe(false);
    expect(isPriced({ rawCost: '   ', costCents: 0 })).toBe(false);
  });

  it('is true once a cost is typed, even 0 (included at no charge)', () => {
    expect(isPriced({ rawCost: '0', costCents: 0 })).toBe(true);
    expect(isPriced({ rawCost: '1200+350', costCents: 155_000 })).toBe(true);
  });

  it('is true when only the cents are known, and for cents without a typed cost', () => {
    expect(isPriced({ costCents: 0 })).toBe(true);
    expect(isPriced({ rawCost: '', costCents: 500 })).toBe(true);
  });
});

describe('sumPriced and sumState', () => {
  it('tells an empty sum, a sum with nothing priced, a partial and a full one apart', () => {
    expect(sumState(sumPriced([]))).toBe('empty');
    const none = sumPriced([
      { rawCost: '', costCents: 0 },
      { rawCost: '', costCents: 0 },
    ]);
    expect(none).toEqual({ cents: 0, priced: 0, unpriced: 2 });
    expect(sumState(none)).toBe('unpriced');
    const partial = sumPriced([
      { rawCost: '400', costCents: 40_000 },
      { rawCost: '', costCents: 0 },
    ]);
    expect(partial).toEqual({ cents: 40_000, priced: 1, unpriced: 1 });
    expect(sumState(partial)).toBe('partial');
    expect(sumState(sumPriced([{ rawCost: '0', costCents: 0 }]))).toBe('priced');
  });

  it('adds exactly the priced lines and counts every line once', () => {
    const line = fc.record({
      rawCost: fc.constantFrom('', ' ', '1', '0', '2*3'),
      costCents: fc.integer({ min: -1_000_000, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 30 }), (lines) => {
        const sum = sumPriced(lines);
        const priced = lines.filter(isPriced);
        expect(sum.priced + sum.unpriced).toBe(lines.length);
        expect(sum.priced).toBe(priced.length);
        expect(sum.cents).toBe(priced.reduce((total, l) => total + l.costCents, 0));
      }),
    );
  });
});

describe('plusToPrice', () => {
  it('counts items in words', () => {
    expect(plusToPrice(1)).toBe('plus 1 item to price');
    expect(plusToPrice(14)).toBe('plus 14 items to price');
  });
});

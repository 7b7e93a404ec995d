import { describe, expect, it } from 'vitest';
import { blankItem } from '../../../shared/domain/plan-editor';
import { editorPricing, isToPrice } from './editor-pricing';

const item = (name: string, rawCost: string) => ({ ...blankItem(), name, rawCost });

describe('editorPricing', () => {
  it('counts named items, priced once a cost is typed, and skips blank rows', () => {
    const items = [
      item('Cabinets', ''),
      item('Range', '1200+300'),
      item('Sink', '0'),
      item('', ''),
    ];
    expect(editorPricing([{ items }])).toEqual({ cents: 1500_00, priced: 2, unpriced: 1 });
  });

  it('sums every group', () => {
    expect(
      editorPricing([{ items: [item('A', '10')] }, { items: [item('B', ''), item('C', '5')] }]),
    ).toEqual({ cents: 15_00, priced: 2, unpriced: 1 });
  });
});

describe('isToPrice', () => {
  it('marks a named item with an empty cost only', () => {
    expect(isToPrice({ name: 'Range', rawCost: '' })).toBe(true);
    expect(isToPrice({ name: 'Range', rawCost: ' ' })).toBe(true);
    expect(isToPrice({ name: 'Range', rawCost: '0' })).toBe(false);
    expect(isToPrice({ name: '', rawCost: '' })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { blankItem } from '../../../shared/domain/plan-editor';
import { editorPricing, groupPricing, isToPrice, planPricing } from './editor-pricing';

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

describe('planPricing', () => {
  it('adds up the groups as editorPricing does, pricing a group object once', () => {
    const a = { items: [item('A', '10'), item('B', '')] };
    const b = { items: [item('C', '5')] };
    expect(planPricing([a, b])).toEqual(editorPricing([a, b]));
    expect(groupPricing(a)).toBe(groupPricing(a));
    expect(planPricing([])).toEqual({ cents: 0, priced: 0, unpriced: 0 });
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

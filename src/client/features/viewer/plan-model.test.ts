import { describe, expect, it } from 'vitest';
import { budgetOf } from '../../../shared/domain/budget';
import { makeGroup, makeItem, makeProposal } from './proposal-factory';
import { allItems, numberGroups, selectionHash, selectionItems } from './plan-model';

describe('numberGroups', () => {
  it('numbers items group.item and sums each group', () => {
    const groups = numberGroups([
      makeGroup({ values: [makeItem({ costCents: 1_00 }), makeItem({ costCents: 2_50 })] }),
      makeGroup({ values: [makeItem({ costCents: 10_00 })] }),
    ]);
    expect(groups.map((g) => g.number)).toEqual([1, 2]);
    expect(groups.map((g) => g.items.map((i) => i.number))).toEqual([['1.1', '1.2'], ['2.1']]);
    expect(groups.map((g) => g.subtotalCents)).toEqual([3_50, 10_00]);
  });

  it('skips unnamed items without leaving gaps in the numbers', () => {
    const [group] = numberGroups([
      makeGroup({
        values: [
          makeItem({ name: 'A' }),
          makeItem({ name: '', costCents: 5_00 }),
          makeItem({ name: 'B' }),
        ],
      }),
    ]);
    expect(group?.items.map((i) => `${i.number} ${i.name}`)).toEqual(['1.1 A', '1.2 B']);
    expect(group?.subtotalCents).toBe(200_00);
  });

  it('keeps an empty group, numbered, with a zero subtotal', () => {
    const [group] = numberGroups([makeGroup({ name: 'Permits' })]);
    expect(group).toMatchObject({ number: 1, items: [], subtotalCents: 0, name: 'Permits' });
  });
});

describe('selection items and totals', () => {
  it('lists selections with their plan numbers', () => {
    const groups = numberGroups([
      makeGroup({
        values: [makeItem({ name: 'Tile' }), makeItem({ name: 'Sink', selection: true })],
      }),
    ]);
    expect(selectionItems(groups).map((i) => `${i.number} ${i.name}`)).toEqual(['1.2 Sink']);
  });

  it('budget total equals the sum of the group subtotals', () => {
    const proposal = makeProposal({
      costGroups: [
        makeGroup({ values: [makeItem({ costCents: 123_45, costType: 4, selection: true })] }),
        makeGroup({
          values: [makeItem({ costCents: 10_00, costType: null }), makeItem({ name: '' })],
        }),
      ],
    });
    const subtotals = numberGroups(proposal.costGroups).reduce((s, g) => s + g.subtotalCents, 0);
    expect(budgetOf(allItems(proposal)).totalCents).toBe(subtotals);
    expect(subtotals).toBe(133_45);
  });
});

describe('selectionHash', () => {
  it('is the base64 of the item id', () => {
    expect(selectionHash('abc-123')).toBe(btoa('abc-123'));
    expect(atob(selectionHash('0f8fad5b-d9cb-469f-a165-70867728950e'))).toBe(
      '0f8fad5b-d9cb-469f-a165-70867728950e',
    );
  });
});

describe('numberGroups pricing (decision 0022)', () => {
  it("counts a group's priced and unpriced items, leaving nameless rows out", () => {
    const [group] = numberGroups([
      makeGroup({
        values: [
          makeItem({ rawCost: '', costCents: 0 }),
          makeItem({ rawCost: '400', costCents: 400_00 }),
          makeItem({ name: '', rawCost: '', costCents: 0 }),
        ],
      }),
    ]);
    expect(group?.pricing).toEqual({ cents: 400_00, priced: 1, unpriced: 1 });
  });
});

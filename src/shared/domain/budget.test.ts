import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { budgetOf, type BudgetItem } from './budget';
import type { CostType } from './cost-types';

const item = (costCents: number, costType: CostType | null, selection = false): BudgetItem => ({
  costCents,
  costType,
  selection,
});

const line = (budget: ReturnType<typeof budgetOf>, label: string) =>
  budget.lines.find((l) => l.label === label)?.cents;

describe('budgetOf', () => {
  it('has the six cost-type lines in the order of §3, zero lines included', () => {
    expect(budgetOf([]).lines.map((l) => [l.label, l.cents])).toEqual([
      ['Labor', 0],
      ['Materials', 0],
      ['Labor and Materials', 0],
      ['Allowance', 0],
      ['Professional Services', 0],
      ['Uncategorized', 0],
    ]);
    expect(budgetOf([]).totalCents).toBe(0);
    expect(budgetOf([]).selectionsCents).toBe(0);
  });

  it('puts every item in the line of its cost type', () => {
    const budget = budgetOf([
      item(100_00, 1),
      item(50_00, 1),
      item(200_00, 2),
      item(300_00, 3),
      item(400_00, 4),
      item(500_00, 5),
      item(600_00, 6),
    ]);
    expect(line(budget, 'Labor')).toBe(150_00);
    expect(line(budget, 'Materials')).toBe(200_00);
    expect(line(budget, 'Labor and Materials')).toBe(300_00);
    expect(line(budget, 'Allowance')).toBe(400_00);
    expect(line(budget, 'Professional Services')).toBe(500_00);
    expect(line(budget, 'Uncategorized')).toBe(600_00);
    expect(budget.totalCents).toBe(2150_00);
    expect(budget.itemCount).toBe(7);
  });

  it('counts an item with no cost type as Uncategorized', () => {
    const budget = budgetOf([item(12_34, null), item(1_00, 6)]);
    expect(line(budget, 'Uncategorized')).toBe(13_34);
    expect(budget.totalCents).toBe(13_34);
  });

  it('shows Selections as part of the Total, not added to it', () => {
    const budget = budgetOf([item(1000_00, 4, true), item(250_00, 1), item(99_99, null, true)]);
    expect(budget.selectionsCents).toBe(1099_99);
    expect(line(budget, 'Allowance')).toBe(1000_00);
    expect(line(budget, 'Uncategorized')).toBe(99_99);
    expect(budget.totalCents).toBe(1349_99);
  });

  it('keeps negative amounts (credits) in their line', () => {
    const budget = budgetOf([item(500_00, 1), item(-100_00, 1)]);
    expect(line(budget, 'Labor')).toBe(400_00);
    expect(budget.totalCents).toBe(400_00);
  });

  it('always totals the sum of all items, and Selections never exceeds what selections cost', () => {
    const costType = fc.constantFrom<CostType | null>(1, 2, 3, 4, 5, 6, null);
    const items = fc.array(
      fc.record({
        costCents: fc.integer({ min: -1_000_000, max: 10_000_000 }),
        costType,
        selection: fc.boolean(),
      }),
      { maxLength: 60 },
    );
    fc.assert(
      fc.property(items, (list) => {
        const budget = budgetOf(list);
        const sum = list.reduce((s, i) => s + i.costCents, 0);
        const selections = list.filter((i) => i.selection).reduce((s, i) => s + i.costCents, 0);
        expect(budget.totalCents).toBe(sum);
        expect(budget.lines.reduce((s, l) => s + l.cents, 0)).toBe(sum);
        expect(budget.selectionsCents).toBe(selections);
      }),
    );
  });
});

describe('budgetOf pricing (decision 0022)', () => {
  it('counts priced and unpriced items per line, for Selections and for the Total', () => {
    const budget = budgetOf([
      { costCents: 0, costType: 4, selection: true, rawCost: '' },
      { costCents: 40_000, costType: 4, selection: true, rawCost: '400' },
      { costCents: 0, costType: 1, selection: false, rawCost: '' },
    ]);
    const allowance = budget.lines.find((l) => l.label === 'Allowance');
    expect(allowance?.pricing).toEqual({ cents: 40_000, priced: 1, unpriced: 1 });
    expect(budget.lines.find((l) => l.label === 'Labor')?.pricing).toEqual({
      cents: 0,
      priced: 0,
      unpriced: 1,
    });
    expect(budget.lines.find((l) => l.label === 'Materials')?.pricing).toEqual({
      cents: 0,
      priced: 0,
      unpriced: 0,
    });
    expect(budget.selectionsPricing).toEqual({ cents: 40_000, priced: 1, unpriced: 1 });
    expect(budget.totalPricing).toEqual({ cents: 40_000, priced: 1, unpriced: 2 });
    expect(budget.totalCents).toBe(40_000);
  });

  it('treats items without a typed cost as priced, as before', () => {
    const budget = budgetOf([item(0, 2)]);
    expect(budget.totalPricing).toEqual({ cents: 0, priced: 1, unpriced: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { proposalInputSchema } from '../../shared/schemas/proposal';
import { buildPlan } from './plan';

const groupsOf = (costGroups: unknown) => proposalInputSchema.parse({ costGroups }).costGroups;
let n = 0;
const newId = () => `new-${++n}`;

describe('buildPlan (§4 save rules)', () => {
  it('drops pristine and nameless items and pristine groups, and numbers what is left in order', () => {
    const plan = buildPlan(
      'p1',
      groupsOf([
        { name: 'Blank', pristine: true, values: [{ name: '', pristine: true }] },
        {
          name: 'Kitchen',
          values: [
            { name: 'Sink', rawCost: '1200+350*2' },
            { name: ' ' },
            { name: 'X', pristine: true },
            { name: 'Range' },
          ],
        },
      ]),
      { groupIds: new Set(), itemIds: new Set() },
      newId,
    );
    expect(plan.groups.map((g) => [g.name, g.position])).toEqual([['Kitchen', 0]]);
    expect(plan.items.map((i) => [i.name, i.position, i.cost_cents])).toEqual([
      ['Sink', 0, 190000],
      ['Range', 1, 0],
    ]);
  });

  it('keeps known ids once, replaces unknown and repeated ones, and lists what disappeared', () => {
    const plan = buildPlan(
      'p1',
      groupsOf([
        {
          id: 'g1',
          name: 'A',
          values: [
            { id: 'i1', name: 'One' },
            { id: 'i1', name: 'Copy' },
            { id: 'elsewhere', name: 'New' },
          ],
        },
        { id: 'g1', name: 'B', values: [] },
      ]),
      { groupIds: new Set(['g1', 'g2']), itemIds: new Set(['i1', 'i2']) },
      newId,
    );
    expect(plan.groups[0]!.id).toBe('g1');
    expect(plan.groups[1]!.id).toMatch(/^new-/);
    expect(plan.items.map((i) => i.id)).toEqual([
      'i1',
      expect.stringMatching(/^new-/),
      expect.stringMatching(/^new-/),
    ]);
    expect(plan.removedGroupIds).toEqual(['g2']);
    expect(plan.removedItemIds).toEqual(['i2']);
  });

  it('refuses an invalid cost, naming the item', () => {
    expect(() =>
      buildPlan('p1', groupsOf([{ name: 'A', values: [{ name: 'Tile', rawCost: '5/0' }] }]), {
        groupIds: new Set(),
        itemIds: new Set(),
      }),
    ).toThrow('The cost of “Tile” is not a valid amount.');
  });
});

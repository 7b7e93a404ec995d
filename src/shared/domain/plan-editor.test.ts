import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { CostGroup, CostItem, FileRef } from '../schemas/proposal';
import { costGroupInputSchema } from '../schemas/proposal';
import {
  createPlanReducer,
  duplicateGroups,
  emptyPlanState,
  firstInvalidCost,
  fromCostGroups,
  groupSubtotalCents,
  isTrailingBlank,
  planReducer,
  removalOf,
  type ItemPatch,
  type ItemRemoval,
  toCostGroupInputs,
  type EditorGroup,
  type PlanAction,
  type PlanState,
} from './plan-editor';
import { findPreset } from './presets';
import type { CostType } from './cost-types';

function counter(): () => string {
  let n = 0;
  return () => `k${++n}`;
}

function setup() {
  const reduce = createPlanReducer(counter());
  const run = (state: PlanState, ...actions: PlanAction[]) => actions.reduce(reduce, state);
  return { reduce, run };
}

const image = (id: string): FileRef => ({
  id,
  url: `/api/files/${id}`,
  originalName: `${id}.jpg`,
  contentType: 'image/jpeg',
  size: 10,
});

const costItem = (overrides: Partial<CostItem> = {}): CostItem => ({
  id: 'i1',
  _id: 'i1',
  name: 'Toilet',
  costCents: 45000,
  rawCost: '450',
  costType: 4,
  selection: true,
  note: 'Comfort height',
  optionCount: 2,
  ...overrides,
});

const costGroup = (overrides: Partial<CostGroup> = {}): CostGroup => ({
  id: 'g1',
  _id: 'g1',
  name: 'Bathrooms',
  note: 'Hall bath',
  values: [
    costItem(),
    costItem({ id: 'i2', _id: 'i2', name: 'Vanity', rawCost: '800+200', costCents: 100000 }),
  ],
  images: [image('f1')],
  ...overrides,
});

/** A state with one group named `name` holding typed items `names` (plus the blank row). */
function withGroup(name: string, names: string[] = []) {
  const { run, reduce } = setup();
  let state = run(emptyPlanState, { type: 'addGroup' });
  const groupKey = state.groups[0]!.key;
  if (name) state = reduce(state, { type: 'editGroup', groupKey, patch: { name } });
  for (const itemName of names) {
    const blank = state.groups[0]!.items.at(-1)!;
    state = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: blank.key,
      patch: { name: itemName },
    });
  }
  return { state, groupKey, run, reduce };
}

const names = (group: EditorGroup | undefined) => group!.items.map((i) => i.name);

describe('addGroup', () => {
  it('adds a pristine group with one blank row and focuses it', () => {
    const { run } = setup();
    const state = run(emptyPlanState, { type: 'addGroup' }, { type: 'addGroup' });
    expect(state.groups).toHaveLength(2);
    const last = state.groups[1]!;
    expect(state.focusGroupKey).toBe(last.key);
    expect(last).toEqual({
      key: last.key,
      name: '',
      note: '',
      pristine: true,
      images: [],
      items: [
        {
          key: last.items[0]!.key,
          name: '',
          rawCost: '',
          costType: null,
          selection: false,
          note: '',
          pristine: true,
        },
      ],
    });
  });
});

describe('removeGroup', () => {
  it('removes the group and clears its focus', () => {
    const { state, groupKey, run } = withGroup('Plumbing');
    const after = run(state, { type: 'removeGroup', groupKey });
    expect(after).toEqual({ groups: [], focusGroupKey: null });
  });

  it('keeps focus on another group and ignores unknown keys', () => {
    const { run } = setup();
    const state = run(emptyPlanState, { type: 'addGroup' }, { type: 'addGroup' });
    const after = run(state, { type: 'removeGroup', groupKey: state.groups[0]!.key });
    expect(after.focusGroupKey).toBe(state.groups[1]!.key);
    expect(run(after, { type: 'removeGroup', groupKey: 'nope' })).toBe(after);
  });
});

describe('editGroup', () => {
  it('makes the group not pristine on its first change only', () => {
    const { reduce } = setup();
    const state = reduce(emptyPlanState, { type: 'addGroup' });
    const groupKey = state.groups[0]!.key;
    expect(reduce(state, { type: 'editGroup', groupKey, patch: { name: '' } })).toBe(state);
    expect(reduce(state, { type: 'editGroup', groupKey, patch: {} })).toBe(state);
    const named = reduce(state, { type: 'editGroup', groupKey, patch: { note: 'Upstairs' } });
    expect(named.groups[0]).toMatchObject({ note: 'Upstairs', pristine: false });
    expect(named.groups[0]!.items).toEqual(state.groups[0]!.items);
  });

  it('fills a group renamed to a module with the preset items plus a blank', () => {
    const { state, groupKey, reduce } = withGroup('Kitchen', ['Old item']);
    const after = reduce(state, { type: 'editGroup', groupKey, patch: { name: 'kitchen module' } });
    const preset = findPreset('Kitchen Module')!;
    const group = after.groups[0]!;
    expect(group.name).toBe('kitchen module');
    expect(group.items).toHaveLength(preset.items.length + 1);
    expect(
      group.items.slice(0, -1).map(({ name, costType, selection, pristine, rawCost }) => ({
        name,
        costType,
        selection,
        pristine,
        rawCost,
      })),
    ).toEqual(preset.items.map((i) => ({ ...i, pristine: false, rawCost: '' })));
    expect(isTrailingBlank(group.items.at(-1)!)).toBe(true);
    expect(new Set(group.items.map((i) => i.key)).size).toBe(group.items.length);
  });

  it('fills powder rooms with empty cost types', () => {
    const { state, groupKey, reduce } = withGroup('');
    const after = reduce(state, {
      type: 'editGroup',
      groupKey,
      patch: { name: 'Powder Room Module' },
    });
    expect(after.groups[0]!.items.slice(0, -1).every((i) => i.costType === null)).toBe(true);
  });

  it('does not refill when the name stays the same module', () => {
    const { state, groupKey, reduce } = withGroup('Bathroom Module');
    const edited = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: state.groups[0]!.items[1]!.key,
      patch: { rawCost: '600' },
    });
    const renamed = reduce(edited, {
      type: 'editGroup',
      groupKey,
      patch: { name: ' Bathroom module ' },
    });
    expect(renamed.groups[0]!.items).toEqual(edited.groups[0]!.items);
    const note = reduce(renamed, { type: 'editGroup', groupKey, patch: { note: 'Main bath' } });
    expect(note.groups[0]!.items).toEqual(edited.groups[0]!.items);
  });

  it('keeps typed costs and notes when the name passes through a module name', () => {
    const { state, groupKey, reduce } = withGroup('');
    const filled = reduce(state, {
      type: 'editGroup',
      groupKey,
      patch: { name: 'Kitchen Module' },
    });
    const [first, second] = filled.groups[0]!.items;
    const priced = reduce(
      reduce(filled, {
        type: 'editItem',
        groupKey,
        itemKey: first!.key,
        patch: { rawCost: '1200' },
      }),
      { type: 'editItem', groupKey, itemKey: second!.key, patch: { note: 'Matte black' } },
    );
    // A suffix typed and taken back; then another module's name typed over it.
    let renamed = priced;
    for (const name of ['Kitchen Module 2', 'Kitchen Module', 'Bathroom Module'])
      renamed = reduce(renamed, { type: 'editGroup', groupKey, patch: { name } });
    expect(renamed.groups[0]!.name).toBe('Bathroom Module');
    expect(renamed.groups[0]!.items).toEqual(priced.groups[0]!.items);
  });

  it('keeps saved items, unpriced, when renamed to a module, and says so', () => {
    const { reduce } = setup();
    // Saved and not priced yet: options and comments on them would go with a replacement.
    const saved = fromCostGroups(
      [
        costGroup({
          name: 'Kitchens',
          values: [costItem({ rawCost: '', costCents: 0, note: '', name: 'Kitchen faucet' })],
        }),
      ],
      counter(),
    );
    const groupKey = saved.groups[0]!.key;
    let state = saved;
    for (const name of ['Kitchen Module ', 'Kitchen Module', 'Kitchen Module 2', 'Kitchen Module'])
      state = reduce(state, { type: 'editGroup', groupKey, patch: { name } });
    expect(state.groups[0]!.items).toEqual(saved.groups[0]!.items);
    expect(state.groups[0]!.moduleKept).toBe(true);
    // A name that is no module's drops the mark.
    const custom = reduce(state, { type: 'editGroup', groupKey, patch: { name: 'Kitchen' } });
    expect(custom.groups[0]!.moduleKept).toBeUndefined();
  });

  it('marks a group the module filled as filled, not kept', () => {
    const { state, groupKey, reduce } = withGroup('Bathroom Module');
    expect(state.groups[0]!.moduleKept).toBeUndefined();
    const priced = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: state.groups[0]!.items[0]!.key,
      patch: { rawCost: '300' },
    });
    // The same module again (case and spaces aside) neither refills nor counts as kept.
    const same = reduce(priced, {
      type: 'editGroup',
      groupKey,
      patch: { name: 'bathroom module' },
    });
    expect(same.groups[0]!.moduleKept).toBeUndefined();
    expect(same.groups[0]!.items).toEqual(priced.groups[0]!.items);
    const other = reduce(same, { type: 'editGroup', groupKey, patch: { name: 'Kitchen Module' } });
    expect(other.groups[0]!.moduleKept).toBe(true);
    expect(other.groups[0]!.items).toEqual(priced.groups[0]!.items);
  });

  it('keeps items when renamed to a non-module preset or a custom name', () => {
    const { state, groupKey, reduce } = withGroup('Stuff', ['One', 'Two']);
    for (const name of ['Plumbing', 'Garage']) {
      const after = reduce(state, { type: 'editGroup', groupKey, patch: { name } });
      expect(names(after.groups[0])).toEqual(['One', 'Two', '']);
    }
  });
});

describe('setGroupImages', () => {
  it('sets the images and marks the group edited', () => {
    const { state, groupKey, reduce } = withGroup('');
    const after = reduce(state, { type: 'setGroupImages', groupKey, images: [image('a')] });
    expect(after.groups[0]).toMatchObject({ images: [image('a')], pristine: false });
  });
});

describe('editItem', () => {
  it('typing into the blank row makes it an item and appends a new blank', () => {
    const { state, groupKey, reduce } = withGroup('');
    const blank = state.groups[0]!.items[0]!;
    const after = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: blank.key,
      patch: { rawCost: '1' },
    });
    const group = after.groups[0]!;
    expect(group.pristine).toBe(false);
    expect(group.items).toHaveLength(2);
    expect(group.items[0]).toMatchObject({ key: blank.key, rawCost: '1', pristine: false });
    expect(isTrailingBlank(group.items[1]!)).toBe(true);
  });

  it('editing another row appends nothing', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B']);
    const after = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: state.groups[0]!.items[0]!.key,
      patch: { name: 'A2', note: 'n', selection: true },
    });
    expect(names(after.groups[0])).toEqual(['A2', 'B', '']);
    expect(after.groups[0]!.items[0]).toMatchObject({ note: 'n', selection: true });
  });

  it('returns the same state for a change that changes nothing or an unknown item', () => {
    const { state, groupKey, reduce } = withGroup('', ['A']);
    const itemKey = state.groups[0]!.items[0]!.key;
    expect(reduce(state, { type: 'editItem', groupKey, itemKey, patch: { name: 'A' } })).toBe(
      state,
    );
    const blankKey = state.groups[0]!.items[1]!.key;
    expect(
      reduce(state, { type: 'editItem', groupKey, itemKey: blankKey, patch: { costType: null } }),
    ).toBe(state);
    expect(reduce(state, { type: 'editItem', groupKey, itemKey: 'x', patch: { name: 'B' } })).toBe(
      state,
    );
    expect(reduce(state, { type: 'editItem', groupKey: 'x', itemKey, patch: { name: 'B' } })).toBe(
      state,
    );
  });

  it('stores rawCost as given', () => {
    const { state, groupKey, reduce } = withGroup('', ['A']);
    const after = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: state.groups[0]!.items[0]!.key,
      patch: { rawCost: '1200+350*2=' },
    });
    expect(after.groups[0]!.items[0]!.rawCost).toBe('1200+350*2=');
  });

  it('fills an empty cost type from the preset of the group', () => {
    const { state } = withGroup('Kitchens', ['refrigerator', 'Cabinet installation', 'Hot tub']);
    expect(state.groups[0]!.items.map((i) => i.costType)).toEqual([4, 1, null, null]);
  });

  it('does not overwrite a chosen cost type, nor one given with the name', () => {
    const { state, groupKey, reduce } = withGroup('Kitchens', ['Thing']);
    const itemKey = state.groups[0]!.items[0]!.key;
    const typed = reduce(state, { type: 'editItem', groupKey, itemKey, patch: { costType: 2 } });
    const renamed = reduce(typed, {
      type: 'editItem',
      groupKey,
      itemKey,
      patch: { name: 'Refrigerator' },
    });
    expect(renamed.groups[0]!.items[0]!.costType).toBe(2);
    const both = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey,
      patch: { name: 'Refrigerator', costType: 6 },
    });
    expect(both.groups[0]!.items[0]!.costType).toBe(6);
  });

  it('uses no preset for custom group names', () => {
    const { state } = withGroup('Garage', ['Refrigerator']);
    expect(state.groups[0]!.items[0]!.costType).toBeNull();
  });

  it('leaves a cleared row in place and still keeps one trailing blank', () => {
    const { state, groupKey, reduce } = withGroup('', ['A']);
    const itemKey = state.groups[0]!.items[0]!.key;
    const cleared = reduce(state, { type: 'editItem', groupKey, itemKey, patch: { name: '' } });
    const items = cleared.groups[0]!.items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ key: itemKey, name: '', pristine: false });
    expect(items.filter(isTrailingBlank)).toEqual([items[1]]);
  });
});

describe('removeItem', () => {
  it('removes an item but never the trailing blank', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B']);
    const [a, , blank] = state.groups[0]!.items;
    const after = reduce(state, { type: 'removeItem', groupKey, itemKey: a!.key });
    expect(names(after.groups[0])).toEqual(['B', '']);
    expect(reduce(after, { type: 'removeItem', groupKey, itemKey: blank!.key })).toBe(after);
    expect(reduce(after, { type: 'removeItem', groupKey, itemKey: 'x' })).toBe(after);
  });

  it('leaves the blank row when the last item goes', () => {
    const { state, groupKey, reduce } = withGroup('', ['A']);
    const after = reduce(state, {
      type: 'removeItem',
      groupKey,
      itemKey: state.groups[0]!.items[0]!.key,
    });
    expect(after.groups[0]!.items).toEqual([state.groups[0]!.items[1]]);
  });
});

describe('restoreItem', () => {
  /** Removes the item named `name` of the first group, returning the state and the removal. */
  function remove(state: PlanState, reduce: ReturnType<typeof setup>['reduce'], name: string) {
    const group = state.groups[0]!;
    const item = group.items.find((i) => i.name === name)!;
    const removal = removalOf(state, group.key, item.key)!;
    return {
      removal,
      state: reduce(state, { type: 'removeItem', groupKey: group.key, itemKey: item.key }),
    };
  }

  it('puts the item back where it stood, the same object with its key and fields', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B', 'C']);
    const b = state.groups[0]!.items[1]!;
    const edited = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: b.key,
      patch: { rawCost: '1200+350*2', costType: 4, selection: true, note: 'Soft close' },
    });
    const [a, , c] = edited.groups[0]!.items;
    const removed = remove(edited, reduce, 'B');
    expect(removed.removal).toMatchObject({ groupKey, index: 1, after: a!.key, before: c!.key });
    const back = reduce(removed.state, { type: 'restoreItem', removal: removed.removal });
    expect(back.groups[0]!.items).toEqual(edited.groups[0]!.items);
    expect(back.groups[0]!.items[1]).toBe(removed.removal.item);
    expect(back.groups[0]!.pristine).toBe(false);
  });

  it('keeps a saved item its id, so its options and comments stay with it on save', () => {
    const reduce = createPlanReducer(counter());
    const state = fromCostGroups([costGroup()], counter());
    const group = state.groups[0]!;
    const removal = removalOf(state, group.key, group.items[0]!.key)!;
    const removed = reduce(state, {
      type: 'removeItem',
      groupKey: group.key,
      itemKey: removal.item.key,
    });
    const back = reduce(removed, { type: 'restoreItem', removal });
    expect(toCostGroupInputs(back)).toEqual(toCostGroupInputs(state));
    expect(toCostGroupInputs(back)[0]!.values![0]).toMatchObject({ id: 'i1', name: 'Toilet' });
  });

  it('restores the first and the last item at either end', () => {
    const { state, reduce } = withGroup('', ['A', 'B', 'C']);
    for (const name of ['A', 'C']) {
      const removed = remove(state, reduce, name);
      const back = reduce(removed.state, { type: 'restoreItem', removal: removed.removal });
      expect(names(back.groups[0])).toEqual(['A', 'B', 'C', '']);
    }
  });

  it('follows the item it came after when items moved meanwhile', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B', 'C', 'D']);
    const removed = remove(state, reduce, 'C');
    // A B D → D A B: C goes back after B, its neighbour before.
    const moved = reduce(removed.state, { type: 'moveItem', groupKey, from: 2, to: 0 });
    const back = reduce(moved, { type: 'restoreItem', removal: removed.removal });
    expect(names(back.groups[0])).toEqual(['D', 'A', 'B', 'C', '']);
  });

  it('a first item goes back first, wherever the others moved', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B', 'C']);
    const removed = remove(state, reduce, 'A');
    const moved = reduce(removed.state, { type: 'moveItem', groupKey, from: 0, to: 1 });
    const back = reduce(moved, { type: 'restoreItem', removal: removed.removal });
    expect(names(back.groups[0])).toEqual(['A', 'C', 'B', '']);
  });

  it('goes before the item it preceded when the one it followed went too, else to its index', () => {
    const { state, reduce } = withGroup('', ['A', 'B', 'C', 'D']);
    const removed = remove(state, reduce, 'C');
    const withoutB = remove(removed.state, reduce, 'B').state;
    const back = reduce(withoutB, { type: 'restoreItem', removal: removed.removal });
    expect(names(back.groups[0])).toEqual(['A', 'C', 'D', '']);
    const withoutD = remove(withoutB, reduce, 'D').state;
    const atIndex = reduce(withoutD, { type: 'restoreItem', removal: removed.removal });
    expect(names(atIndex.groups[0])).toEqual(['A', 'C', '']);
  });

  it('keeps the trailing blank row last, also after typing into it meanwhile', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B']);
    const removed = remove(state, reduce, 'B');
    const blank = removed.state.groups[0]!.items.at(-1)!;
    const typed = reduce(removed.state, {
      type: 'editItem',
      groupKey,
      itemKey: blank.key,
      patch: { name: 'E' },
    });
    const back = reduce(typed, { type: 'restoreItem', removal: removed.removal });
    expect(names(back.groups[0])).toEqual(['A', 'B', 'E', '']);
    expect(back.groups[0]!.items.filter(isTrailingBlank)).toEqual([back.groups[0]!.items.at(-1)]);
  });

  it('does nothing when its group was removed since, or when it is back already', () => {
    const { run } = setup();
    let state = run(emptyPlanState, { type: 'addGroup' }, { type: 'addGroup' });
    const [g1, g2] = state.groups;
    state = run(state, {
      type: 'editItem',
      groupKey: g1!.key,
      itemKey: g1!.items[0]!.key,
      patch: { name: 'A' },
    });
    const removal = removalOf(state, g1!.key, state.groups[0]!.items[0]!.key)!;
    const removed = run(state, {
      type: 'removeItem',
      groupKey: g1!.key,
      itemKey: removal.item.key,
    });
    const groupGone = run(removed, { type: 'removeGroup', groupKey: g1!.key });
    expect(run(groupGone, { type: 'restoreItem', removal })).toBe(groupGone);
    expect(groupGone.groups.map((g) => g.key)).toEqual([g2!.key]);
    const back = run(removed, { type: 'restoreItem', removal });
    expect(run(back, { type: 'restoreItem', removal })).toBe(back);
  });

  it('has no removal for the trailing blank row or an unknown item', () => {
    const { state, groupKey } = withGroup('', ['A']);
    expect(removalOf(state, groupKey, state.groups[0]!.items[1]!.key)).toBeUndefined();
    expect(removalOf(state, groupKey, 'x')).toBeUndefined();
    expect(removalOf(state, 'x', state.groups[0]!.items[0]!.key)).toBeUndefined();
  });
});

describe('putBack', () => {
  // Two saved groups: Bathrooms (Toilet i1, Vanity i2, Tub i3) and Kitchen (Sink i4).
  const saved = [
    costGroup({
      values: [
        costItem(),
        costItem({ id: 'i2', _id: 'i2', name: 'Vanity', rawCost: '800+200', costCents: 100000 }),
        costItem({ id: 'i3', _id: 'i3', name: 'Tub', rawCost: '1200', costType: null }),
      ],
    }),
    costGroup({
      id: 'g2',
      _id: 'g2',
      name: 'Kitchen',
      values: [costItem({ id: 'i4', _id: 'i4' })],
    }),
  ];
  const opened = () => {
    const { run } = setup();
    return { run, state: run(fromCostGroups(saved, counter()), { type: 'addGroup' }) };
  };
  const itemKeyOf = (state: PlanState, id: string) =>
    state.groups.flatMap((g) => g.items).find((item) => item.id === id)!.key;
  const removeById = (state: PlanState, id: string): PlanAction => ({
    type: 'removeItem',
    groupKey: state.groups.find((g) => g.items.some((i) => i.id === id))!.key,
    itemKey: itemKeyOf(state, id),
  });
  const savedAs = (state: PlanState) =>
    toCostGroupInputs(state).map((g) => [g.id, g.values!.map((i) => `${i.id ?? 'new'} ${i.name}`)]);

  it('puts removed items back as saved, with their ids, among the items they followed', () => {
    const { run, state } = opened();
    const bathKey = state.groups[0]!.key;
    const removed = run(
      state,
      removeById(state, 'i1'),
      removeById(state, 'i2'),
      // Typed meanwhile, after Tub: it stays after Tub.
      {
        type: 'editItem',
        groupKey: bathKey,
        itemKey: state.groups[0]!.items.at(-1)!.key,
        patch: { name: 'Mirror' },
      },
    );
    const back = run(removed, { type: 'putBack', saved, ids: ['i2', 'i1'] });
    expect(savedAs(back)[0]).toEqual(['g1', ['i1 Toilet', 'i2 Vanity', 'i3 Tub', 'new Mirror']]);
    expect(back.groups[0]!.items[1]).toMatchObject({
      rawCost: '800+200',
      costType: 4,
      selection: true,
      note: 'Comfort height',
      pristine: false,
    });
    expect(back.groups[0]!.items.filter(isTrailingBlank)).toEqual([back.groups[0]!.items.at(-1)]);
  });

  it('gives a row whose name was cleared its name back, and keeps what else was typed', () => {
    const { run, state } = opened();
    const groupKey = state.groups[0]!.key;
    const itemKey = itemKeyOf(state, 'i3');
    const cleared = run(state, {
      type: 'editItem',
      groupKey,
      itemKey,
      patch: { name: ' ', rawCost: '1500' },
    });
    const back = run(cleared, { type: 'putBack', saved, ids: ['i3'] });
    expect(back.groups[0]!.items[2]).toMatchObject({
      key: itemKey,
      id: 'i3',
      name: 'Tub',
      rawCost: '1500',
      costType: null,
    });
  });

  it('brings back a removed group with only the items put back, where it stood', () => {
    const { run, state } = opened();
    const gone = run(state, { type: 'removeGroup', groupKey: state.groups[0]!.key });
    const back = run(gone, { type: 'putBack', saved, ids: ['i3'] });
    expect(savedAs(back)).toEqual([
      ['g1', ['i3 Tub']],
      ['g2', ['i4 Toilet']],
      [undefined, []],
    ]);
    expect(back.groups[0]).toMatchObject({ name: 'Bathrooms', note: 'Hall bath' });
    expect(back.groups[0]!.images).toEqual([image('f1')]);
    const bothGone = run(gone, { type: 'removeGroup', groupKey: gone.groups[0]!.key });
    const last = run(bothGone, { type: 'putBack', saved, ids: ['i4'] });
    expect(savedAs(last)).toEqual([
      ['g2', ['i4 Toilet']],
      [undefined, []],
    ]);
  });

  it('leaves kept items, unknown ids and a second put back as they are', () => {
    const { run, state } = opened();
    expect(run(state, { type: 'putBack', saved, ids: ['i1', 'x'] })).toBe(state);
    const removed = run(state, removeById(state, 'i4'));
    const back = run(removed, { type: 'putBack', saved, ids: ['i4'] });
    expect(run(back, { type: 'putBack', saved, ids: ['i4'] })).toBe(back);
  });
});

describe('moveGroup', () => {
  it('reorders groups and clamps the target', () => {
    const { run, reduce } = setup();
    let state = run(
      emptyPlanState,
      { type: 'addGroup' },
      { type: 'addGroup' },
      { type: 'addGroup' },
    );
    const keys = state.groups.map((g) => g.key);
    state = reduce(state, { type: 'moveGroup', from: 0, to: 2 });
    expect(state.groups.map((g) => g.key)).toEqual([keys[1], keys[2], keys[0]]);
    state = reduce(state, { type: 'moveGroup', from: 2, to: -5 });
    expect(state.groups.map((g) => g.key)).toEqual([keys[0], keys[1], keys[2]]);
    state = reduce(state, { type: 'moveGroup', from: 1, to: 99 });
    expect(state.groups.map((g) => g.key)).toEqual([keys[0], keys[2], keys[1]]);
  });

  it('ignores moves from outside the list or onto itself', () => {
    const { run } = setup();
    const state = run(emptyPlanState, { type: 'addGroup' }, { type: 'addGroup' });
    for (const [from, to] of [
      [2, 0],
      [-1, 0],
      [1, 1],
      [0.5, 1],
    ] as const) {
      expect(run(state, { type: 'moveGroup', from, to })).toBe(state);
    }
  });
});

describe('moveItem', () => {
  it('reorders items and keeps the blank row last', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B', 'C']);
    const moved = reduce(state, { type: 'moveItem', groupKey, from: 0, to: 2 });
    expect(names(moved.groups[0])).toEqual(['B', 'C', 'A', '']);
    const toEnd = reduce(state, { type: 'moveItem', groupKey, from: 0, to: 3 });
    expect(names(toEnd.groups[0])).toEqual(['B', 'C', 'A', '']);
    const up = reduce(state, { type: 'moveItem', groupKey, from: 2, to: 0 });
    expect(names(up.groups[0])).toEqual(['C', 'A', 'B', '']);
  });

  it('cannot move the blank row', () => {
    const { state, groupKey, reduce } = withGroup('', ['A', 'B']);
    expect(reduce(state, { type: 'moveItem', groupKey, from: 2, to: 0 })).toBe(state);
    expect(reduce(state, { type: 'moveItem', groupKey, from: 1, to: 1 })).toBe(state);
  });
});

describe('reset', () => {
  it('replaces the groups, clears focus and normalizes blank rows', () => {
    const { reduce } = setup();
    const groups = duplicateGroups([costGroup()], counter());
    const stray: EditorGroup = {
      ...groups[0]!,
      key: 'extra',
      items: [
        { ...groups[0]!.items.at(-1)!, key: 'blank-middle' },
        { ...groups[0]!.items[0]!, key: 'real' },
      ],
    };
    const state = reduce(
      { groups: [], focusGroupKey: 'x' },
      { type: 'reset', groups: [groups[0]!, stray] },
    );
    expect(state.focusGroupKey).toBeNull();
    expect(state.groups[0]).toEqual(groups[0]);
    expect(state.groups[1]!.items.map((i) => i.key).slice(0, 1)).toEqual(['real']);
    expect(state.groups[1]!.items).toHaveLength(2);
    expect(isTrailingBlank(state.groups[1]!.items[1]!)).toBe(true);
  });
});

describe('fromCostGroups and toCostGroupInputs', () => {
  it('loads saved groups with a blank row each and nothing pristine', () => {
    const state = fromCostGroups([costGroup(), costGroup({ id: 'g2', values: [] })], counter());
    expect(state.focusGroupKey).toBeNull();
    const [first, second] = state.groups;
    expect(first).toMatchObject({
      id: 'g1',
      name: 'Bathrooms',
      pristine: false,
      images: [image('f1')],
    });
    expect(first!.items.map((i) => [i.id, i.name, i.rawCost, i.pristine])).toEqual([
      ['i1', 'Toilet', '450', false],
      ['i2', 'Vanity', '800+200', false],
      [undefined, '', '', true],
    ]);
    expect(second!.items).toHaveLength(1);
    expect(isTrailingBlank(second!.items[0]!)).toBe(true);
  });

  it('writes the cents back when a saved item has no rawCost', () => {
    const state = fromCostGroups(
      [costGroup({ values: [costItem({ rawCost: '', costCents: 190050 })] })],
      counter(),
    );
    expect(state.groups[0]!.items[0]!.rawCost).toBe('1900.50');
  });

  it('round-trips ids and fields, without the trailing blank', () => {
    const inputs = toCostGroupInputs(fromCostGroups([costGroup()], counter()));
    expect(inputs).toEqual([
      {
        id: 'g1',
        name: 'Bathrooms',
        note: 'Hall bath',
        pristine: false,
        imageIds: ['f1'],
        values: [
          {
            id: 'i1',
            name: 'Toilet',
            rawCost: '450',
            costType: 4,
            selection: true,
            note: 'Comfort height',
            pristine: false,
          },
          {
            id: 'i2',
            name: 'Vanity',
            rawCost: '800+200',
            costType: 4,
            selection: true,
            note: 'Comfort height',
            pristine: false,
          },
        ],
      },
    ]);
  });

  it('sends new groups and cleared rows with their pristine flags and no ids', () => {
    const { state, groupKey, reduce } = withGroup('', ['A']);
    const cleared = reduce(state, {
      type: 'editItem',
      groupKey,
      itemKey: state.groups[0]!.items[0]!.key,
      patch: { name: '' },
    });
    const withNew = reduce(cleared, { type: 'addGroup' });
    const inputs = toCostGroupInputs(withNew);
    expect(inputs[0]!.values).toEqual([
      { name: '', rawCost: '', costType: null, selection: false, note: '', pristine: false },
    ]);
    expect(inputs[1]).toEqual({ name: '', note: '', pristine: true, imageIds: [], values: [] });
    expect(inputs.every((g) => !('id' in g))).toBe(true);
  });

  it('produces payloads the schema accepts', () => {
    const state = fromCostGroups([costGroup()], counter());
    for (const group of toCostGroupInputs(state)) {
      expect(costGroupInputSchema.safeParse({ ...group, imageIds: [] }).success).toBe(true);
    }
  });
});

describe('duplicateGroups', () => {
  it('copies groups and items with a blank row, without ids or images', () => {
    const [copy] = duplicateGroups([costGroup()], counter());
    expect(copy).not.toHaveProperty('id');
    expect(copy!.images).toEqual([]);
    expect(copy!.pristine).toBe(false);
    expect(names(copy)).toEqual(['Toilet', 'Vanity', '']);
    for (const item of copy!.items) expect(item).not.toHaveProperty('id');
    expect(copy!.items[1]).toMatchObject({ rawCost: '800+200', costType: 4, selection: true });
  });

  it('uses random keys by default', () => {
    const [a] = duplicateGroups([costGroup()]);
    const [b] = duplicateGroups([costGroup()]);
    expect(a!.key).not.toBe(b!.key);
  });
});

describe('groupSubtotalCents', () => {
  it('sums saved cents or evaluated editor rows (invalid rows count 0)', () => {
    expect(groupSubtotalCents(costGroup())).toBe(145000);
    const state = fromCostGroups([costGroup()], counter());
    expect(groupSubtotalCents(state.groups[0]!)).toBe(145000);
    const { reduce } = setup();
    const edited = reduce(state, {
      type: 'editItem',
      groupKey: state.groups[0]!.key,
      itemKey: state.groups[0]!.items[0]!.key,
      patch: { rawCost: '1+' },
    });
    expect(groupSubtotalCents(edited.groups[0]!)).toBe(100000);
  });
});

describe('planReducer', () => {
  it('makes random keys', () => {
    const state = planReducer(planReducer(emptyPlanState, { type: 'addGroup' }), {
      type: 'addGroup',
    });
    const keys = state.groups.flatMap((g) => [g.key, ...g.items.map((i) => i.key)]);
    expect(new Set(keys).size).toBe(4);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  });
});

// ---- properties -------------------------------------------------------------------------------

/** Actions that point at groups and items by position, resolved against the state in turn. */
type Step =
  | { kind: 'addGroup' }
  | { kind: 'removeGroup'; g: number }
  | { kind: 'editGroup'; g: number; name?: string; note?: string }
  | { kind: 'setGroupImages'; g: number; n: number }
  | { kind: 'editItem'; g: number; i: number; patch: ItemPatch }
  | { kind: 'removeItem'; g: number; i: number }
  | { kind: 'restoreItem' }
  | { kind: 'moveGroup'; from: number; to: number }
  | { kind: 'moveItem'; g: number; from: number; to: number }
  | { kind: 'reset'; groups: CostGroup[] };

const index = fc.nat(12);
const groupName = fc.constantFrom(
  '',
  'Kitchens',
  'Kitchen Module',
  'bathroom module',
  'Powder Room Module',
  'Garage',
  'Plumbing',
);
const itemPatch = fc.record(
  {
    name: fc.constantFrom('', 'Toilet', 'Refrigerator', 'x', 'Vanity'),
    rawCost: fc.constantFrom('', '1', '1+2', '3.5', '1/0'),
    costType: fc.constantFrom<CostType | null>(null, 1, 2, 3, 4, 5, 6),
    selection: fc.boolean(),
    note: fc.constantFrom('', 'note'),
  },
  { requiredKeys: [] },
);
const savedGroup = fc.record({
  id: fc.uuid(),
  _id: fc.uuid(),
  name: groupName,
  note: fc.constant(''),
  images: fc.constant([]),
  values: fc.array(
    fc.record({
      id: fc.uuid(),
      _id: fc.uuid(),
      name: fc.constantFrom('A', 'B', 'Toilet'),
      costCents: fc.integer({ min: 0, max: 100000 }),
      rawCost: fc.constant(''),
      costType: fc.constantFrom<CostType | null>(null, 1, 4),
      selection: fc.boolean(),
      note: fc.constant(''),
      optionCount: fc.nat(3),
    }),
    { maxLength: 4 },
  ),
}) as fc.Arbitrary<CostGroup>;

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.constant({ kind: 'addGroup' as const }),
  fc.record({ kind: fc.constant('removeGroup' as const), g: index }),
  fc.record(
    {
      kind: fc.constant('editGroup' as const),
      g: index,
      name: groupName,
      note: fc.constantFrom('', 'n'),
    },
    { requiredKeys: ['kind', 'g'] },
  ),
  fc.record({ kind: fc.constant('setGroupImages' as const), g: index, n: fc.nat(2) }),
  fc.record({ kind: fc.constant('editItem' as const), g: index, i: index, patch: itemPatch }),
  fc.record({ kind: fc.constant('editItem' as const), g: index, i: index, patch: itemPatch }),
  fc.record({ kind: fc.constant('removeItem' as const), g: index, i: index }),
  fc.constant({ kind: 'restoreItem' as const }),
  fc.record({ kind: fc.constant('moveGroup' as const), from: index, to: index }),
  fc.record({ kind: fc.constant('moveItem' as const), g: index, from: index, to: index }),
  fc.record({
    kind: fc.constant('reset' as const),
    groups: fc.array(savedGroup, { maxLength: 3 }),
  }),
);

/** `last`: the last item removed, for a `restoreItem` step (nothing to restore before one). */
function toAction(state: PlanState, s: Step, newKey: () => string, last?: ItemRemoval): PlanAction {
  const g = 'g' in s ? s.g : 0;
  const group = state.groups[g % Math.max(state.groups.length, 1)];
  const groupKey = group?.key ?? 'missing';
  const itemKey = (i: number) => (group ? group.items[i % group.items.length]!.key : 'missing');
  switch (s.kind) {
    case 'addGroup':
      return { type: 'addGroup' };
    case 'removeGroup':
      return { type: 'removeGroup', groupKey };
    case 'editGroup':
      return { type: 'editGroup', groupKey, patch: { name: s.name, note: s.note } };
    case 'setGroupImages':
      return {
        type: 'setGroupImages',
        groupKey,
        images: Array.from({ length: s.n }, (_, i) => image(`f${i}`)),
      };
    case 'editItem':
      return { type: 'editItem', groupKey, itemKey: itemKey(s.i), patch: s.patch };
    case 'removeItem':
      return { type: 'removeItem', groupKey, itemKey: itemKey(s.i) };
    case 'restoreItem':
      return last ? { type: 'restoreItem', removal: last } : { type: 'addGroup' };
    case 'moveGroup':
      return { type: 'moveGroup', from: s.from, to: s.to };
    case 'moveItem':
      return { type: 'moveItem', groupKey, from: s.from, to: s.to };
    case 'reset':
      return { type: 'reset', groups: duplicateGroups(s.groups, newKey) };
  }
}

function checkInvariants(state: PlanState) {
  const keys: string[] = [];
  for (const group of state.groups) {
    keys.push(group.key, ...group.items.map((i) => i.key));
    expect(group.items.length).toBeGreaterThan(0);
    // Exactly one trailing blank row, and it is last.
    expect(group.items.filter(isTrailingBlank)).toEqual([group.items.at(-1)]);
    // Only the trailing blank row is pristine; a pristine group holds nothing else.
    expect(group.items.filter((i) => i.pristine)).toEqual([group.items.at(-1)]);
    if (group.pristine) expect(group.items).toHaveLength(1);
  }
  expect(new Set(keys).size).toBe(keys.length);
  if (state.focusGroupKey !== null) {
    expect(state.groups.some((g) => g.key === state.focusGroupKey)).toBe(true);
  }
}

describe('plan editor properties', () => {
  it('any sequence of actions keeps exactly one trailing blank row per group', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 40 }), (steps) => {
        const newKey = counter();
        const reduce = createPlanReducer(newKey);
        let state = emptyPlanState;
        let last: ItemRemoval | undefined;
        for (const s of steps) {
          const before = state;
          const action = toAction(state, s, newKey, last);
          if (action.type === 'removeItem') {
            last = removalOf(state, action.groupKey, action.itemKey) ?? last;
          }
          state = reduce(state, action);
          checkInvariants(state);
          if (s.kind === 'moveItem' || s.kind === 'moveGroup') {
            const keysOf = (st: PlanState) =>
              st.groups.flatMap((g) => [g.key, ...g.items.map((i) => i.key)]).sort();
            expect(keysOf(state)).toEqual(keysOf(before));
          }
        }
        // What the editor sends never carries the trailing blank rows.
        const inputs = toCostGroupInputs(state);
        expect(inputs.map((g) => g.values!.length)).toEqual(
          state.groups.map((g) => g.items.length - 1),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('putting back every saved item after any actions keeps them all, once each', () => {
    fc.assert(
      fc.property(
        fc.array(savedGroup, { maxLength: 3 }),
        fc.array(step, { maxLength: 30 }),
        (saved, steps) => {
          const newKey = counter();
          const reduce = createPlanReducer(newKey);
          let state = fromCostGroups(saved, newKey);
          for (const s of steps) state = reduce(state, toAction(state, s, newKey));
          const ids = saved.flatMap((g) => g.values.map((item) => item.id));
          state = reduce(state, { type: 'putBack', saved, ids });
          checkInvariants(state);
          const kept = toCostGroupInputs(state)
            .flatMap((g) => g.values!)
            .filter((item) => item.id !== undefined && item.name.trim() !== '')
            .map((item) => item.id);
          expect(kept.sort()).toEqual([...ids].sort());
        },
      ),
      { numRuns: 200 },
    );
  });

  it('subtotals equal the sum of each row evaluated alone', () => {
    fc.assert(
      fc.property(fc.array(savedGroup, { maxLength: 3 }), (groups) => {
        const state = fromCostGroups(groups, counter());
        state.groups.forEach((g, i) => {
          expect(groupSubtotalCents(g)).toBe(groupSubtotalCents(groups[i]!));
        });
      }),
    );
  });
});

describe('firstInvalidCost', () => {
  it('names the first kept item whose cost does not compute, and nothing else', () => {
    const { state, groupKey, reduce } = withGroup('Bathrooms', ['Vanity', 'Tile']);
    const [vanity, tile, blank] = state.groups[0]!.items;
    const cost = (s: PlanState, itemKey: string, rawCost: string) =>
      reduce(s, { type: 'editItem', groupKey, itemKey, patch: { rawCost } });
    expect(firstInvalidCost(state)).toBeUndefined();
    const bad = cost(cost(state, vanity!.key, '800'), tile!.key, '1200+');
    expect(firstInvalidCost(bad)).toEqual({ groupKey, itemKey: tile!.key, name: 'Tile' });
    // A nameless row is not saved, so its cost holds nothing up.
    const nameless = cost(cost(state, tile!.key, '900'), blank!.key, '(350*2');
    expect(firstInvalidCost(nameless)).toBeUndefined();
    expect(firstInvalidCost(cost(bad, tile!.key, '1200'))).toBeUndefined();
  });
});

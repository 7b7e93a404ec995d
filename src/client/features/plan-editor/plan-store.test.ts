import { describe, expect, it } from 'vitest';
import { createPlanReducer, emptyPlanState } from '../../../shared/domain/plan-editor';
import { changedParts, createPlanStore, itemOf, sameList } from './plan-store';

let n = 0;
const reducer = createPlanReducer(() => `k${++n}`);

describe('createPlanStore', () => {
  it('applies the reducer, tells its listeners of a change and keeps untouched groups', () => {
    const store = createPlanStore(reducer, emptyPlanState);
    store.dispatch({ type: 'addGroup' });
    store.dispatch({ type: 'addGroup' });
    const [first, second] = store.getState().groups;
    const itemKey = first!.items[0]!.key;
    let calls = 0;
    const stop = store.subscribe(() => calls++);

    store.dispatch({
      type: 'editItem',
      groupKey: first!.key,
      itemKey,
      patch: { name: 'Cabinets' },
    });
    expect(calls).toBe(1);
    expect(itemOf(store.getState(), first!.key, itemKey)?.name).toBe('Cabinets');
    expect(store.getState().groups[1]).toBe(second);

    stop();
    store.dispatch({ type: 'editGroup', groupKey: second!.key, patch: { name: 'Deck' } });
    expect(calls).toBe(1);
  });

  it('tells no one of an action that changes nothing', () => {
    const store = createPlanStore(reducer, emptyPlanState);
    let calls = 0;
    store.subscribe(() => calls++);
    store.dispatch({ type: 'removeGroup', groupKey: 'unknown' });
    expect(calls).toBe(0);
  });
});

describe('keyed listeners', () => {
  function twoGroups() {
    const store = createPlanStore(reducer, emptyPlanState);
    store.dispatch({ type: 'addGroup' });
    store.dispatch({ type: 'addGroup' });
    const [first, second] = store.getState().groups;
    // A name typed into the trailing blank row adds a new blank row after it.
    store.dispatch({
      type: 'editItem',
      groupKey: first!.key,
      itemKey: first!.items[0]!.key,
      patch: { name: 'Cabinets' },
    });
    const items = store.getState().groups[0]!.items.map((item) => item.key);
    return { store, first: first!.key, second: second!.key, items };
  }
  function count(
    subscribe: (key: string, listener: () => void) => () => void,
    keys: readonly string[],
  ) {
    const calls = new Map(keys.map((key) => [key, 0]));
    for (const key of keys) subscribe(key, () => calls.set(key, calls.get(key)! + 1));
    return calls;
  }

  it('tells a keystroke to its item and group only', () => {
    const { store, first, second, items } = twoGroups();
    const groups = count(store.subscribeToGroup, [first, second]);
    const rows = count(store.subscribeToItem, items);
    store.dispatch({
      type: 'editItem',
      groupKey: first,
      itemKey: items[0]!,
      patch: { name: 'Cabinetry' },
    });
    expect(Object.fromEntries(groups)).toEqual({ [first]: 1, [second]: 0 });
    expect(Object.fromEntries(rows)).toEqual({ [items[0]!]: 1, [items[1]!]: 0 });
  });

  it('tells a group of a new order, and its items of nothing, for they are unchanged', () => {
    const { store, first, items } = twoGroups();
    store.dispatch({
      type: 'editItem',
      groupKey: first,
      itemKey: items[1]!,
      patch: { name: 'Sink' },
    });
    const all = store.getState().groups[0]!.items.map((item) => item.key);
    const groups = count(store.subscribeToGroup, [first]);
    const rows = count(store.subscribeToItem, all);
    store.dispatch({ type: 'moveItem', groupKey: first, from: 0, to: 1 });
    expect(groups.get(first)).toBe(1);
    expect([...rows.values()]).toEqual([0, 0, 0]);
  });

  it('tells the items of a removed group, and stops telling a listener that left', () => {
    const { store, first, second, items } = twoGroups();
    const rows = count(store.subscribeToItem, items);
    const groups = new Map([[second, 0]]);
    const stop = store.subscribeToGroup(second, () => groups.set(second, groups.get(second)! + 1));
    store.dispatch({ type: 'removeGroup', groupKey: first });
    expect([...rows.values()]).toEqual([1, 1]);
    expect(groups.get(second)).toBe(0);
    stop();
    store.dispatch({ type: 'editGroup', groupKey: second, patch: { name: 'Deck' } });
    expect(groups.get(second)).toBe(0);
  });

  it('names an item moved from one group to another as changed', () => {
    const { store, first, second, items } = twoGroups();
    const before = store.getState();
    const moved = before.groups[0]!.items[0]!;
    const after = {
      ...before,
      groups: [
        { ...before.groups[0]!, items: before.groups[0]!.items.slice(1) },
        { ...before.groups[1]!, items: [moved, ...before.groups[1]!.items] },
      ],
    };
    const changed = changedParts(before, after);
    expect([...changed.groups].sort()).toEqual([first, second].sort());
    expect([...changed.items]).toEqual([items[0]]);
    expect(changedParts(after, after)).toEqual({ groups: new Set(), items: new Set() });
  });
});

describe('sameList', () => {
  it('compares entries in order', () => {
    expect(sameList(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameList(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameList(['a'], ['a', 'b'])).toBe(false);
  });
});

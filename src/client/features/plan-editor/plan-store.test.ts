import { describe, expect, it } from 'vitest';
import { createPlanReducer, emptyPlanState } from '../../../shared/domain/plan-editor';
import { createPlanStore, itemOf, sameList } from './plan-store';

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

describe('sameList', () => {
  it('compares entries in order', () => {
    expect(sameList(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameList(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameList(['a'], ['a', 'b'])).toBe(false);
  });
});

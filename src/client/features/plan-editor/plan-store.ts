import {
  createContext,
  useCallback,
  useContext,
  useRef,
  useSyncExternalStore,
  type Dispatch,
} from 'react';
import type {
  EditorGroup,
  EditorItem,
  PlanAction,
  PlanReducer,
  PlanState,
} from '../../../shared/domain/plan-editor';

/**
 * The plan step's state outside React (decision 0035): the pure plan reducer behind a small
 * external store, so that a keystroke in one row re-renders only the components whose selected
 * slice changed (`usePlanSelector`) instead of the wizard and every group and row under it.
 * A part that reads one group or one item listens to that group or item only
 * (`useGroupSelector`, `usePlanItem`): a keystroke asks one row and its group's parts whether
 * they changed, not every row of the plan.
 */
export interface PlanStore {
  getState: () => PlanState;
  dispatch: Dispatch<PlanAction>;
  /** Told of every change. */
  subscribe: (listener: () => void) => () => void;
  /** Told when the group `key` is added, changed or removed: its name, note, files or items. */
  subscribeToGroup: (key: string, listener: () => void) => () => void;
  /** Told when the item `key` is added, changed, moved to another group or removed. */
  subscribeToItem: (key: string, listener: () => void) => () => void;
}

export function createPlanStore(reducer: PlanReducer, initial: PlanState): PlanStore {
  let state = initial;
  const listeners = new Set<() => void>();
  const groupListeners = new Map<string, Set<() => void>>();
  const itemListeners = new Map<string, Set<() => void>>();
  const keyed = (all: Map<string, Set<() => void>>) => (key: string, listener: () => void) => {
    let set = all.get(key);
    if (!set) all.set(key, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && all.get(key) === set) all.delete(key);
    };
  };
  return {
    getState: () => state,
    dispatch: (action) => {
      const previous = state;
      const next = reducer(state, action);
      if (next === previous) return;
      state = next;
      const changed = changedParts(previous, next);
      for (const listener of listeners) listener();
      for (const key of changed.groups) groupListeners.get(key)?.forEach((listener) => listener());
      for (const key of changed.items) itemListeners.get(key)?.forEach((listener) => listener());
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    subscribeToGroup: keyed(groupListeners),
    subscribeToItem: keyed(itemListeners),
  };
}

/**
 * The groups and items that are not the same objects in `next` as in `previous`, by key: the
 * reducer keeps every untouched group and item object as it was, so a keystroke changes one item
 * and its group.
 */
export function changedParts(
  previous: PlanState,
  next: PlanState,
): { groups: Set<string>; items: Set<string> } {
  const groups = new Set<string>();
  const items = new Set<string>();
  if (previous.groups === next.groups) return { groups, items };
  const before = new Map(previous.groups.map((group) => [group.key, group]));
  const after = new Map(next.groups.map((group) => [group.key, group]));
  for (const key of new Set([...before.keys(), ...after.keys()])) {
    const was = before.get(key);
    const is = after.get(key);
    if (was === is) continue;
    groups.add(key);
    if (was?.items === is?.items) continue;
    const wasItems = new Map(was?.items.map((item) => [item.key, item]));
    for (const item of is?.items ?? []) {
      if (wasItems.get(item.key) !== item) items.add(item.key);
      wasItems.delete(item.key);
    }
    // Removed from this group, or moved out of it.
    for (const key of wasItems.keys()) items.add(key);
  }
  return { groups, items };
}

export const PlanStoreContext = createContext<PlanStore | null>(null);

export function usePlanStore(): PlanStore {
  const store = useContext(PlanStoreContext);
  if (!store) throw new Error('usePlanStore outside a PlanStoreContext');
  return store;
}

/**
 * A slice of the plan; the component re-renders only when `isEqual` says the slice changed. The
 * reducer keeps every untouched group and item object as it was, so selecting one is enough.
 */
export function usePlanSelector<T>(
  select: (state: PlanState) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = usePlanStore();
  return useSelected(store, store.subscribe, select, isEqual);
}

/** A slice of one group (its name, note, files or items): read again only when it changes. */
export function useGroupSelector<T>(
  groupKey: string,
  select: (group: EditorGroup | undefined) => T,
  isEqual: (a: T, b: T) => boolean = Object.is,
): T {
  const store = usePlanStore();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeToGroup(groupKey, listener),
    [store, groupKey],
  );
  return useSelected(store, subscribe, (state) => select(groupOf(state, groupKey)), isEqual);
}

/** The item `itemKey` of the group `groupKey`, read again only when it changes. */
export function usePlanItem(groupKey: string, itemKey: string): EditorItem | undefined {
  const store = usePlanStore();
  const subscribe = useCallback(
    (listener: () => void) => store.subscribeToItem(itemKey, listener),
    [store, itemKey],
  );
  return useSelected(store, subscribe, (state) => itemOf(state, groupKey, itemKey), Object.is);
}

function useSelected<T>(
  store: PlanStore,
  subscribe: (listener: () => void) => () => void,
  select: (state: PlanState) => T,
  isEqual: (a: T, b: T) => boolean,
): T {
  const last = useRef<{ state: PlanState; select: unknown; value: T } | null>(null);
  const getSnapshot = () => {
    const state = store.getState();
    const prev = last.current;
    if (prev && prev.state === state && prev.select === select) return prev.value;
    const value = select(state);
    const kept = prev && isEqual(prev.value, value) ? prev.value : value;
    last.current = { state, select, value: kept };
    return kept;
  };
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

export const groupOf = (state: PlanState, groupKey: string): EditorGroup | undefined =>
  state.groups.find((group) => group.key === groupKey);

export const itemOf = (
  state: PlanState,
  groupKey: string,
  itemKey: string,
): EditorItem | undefined => groupOf(state, groupKey)?.items.find((item) => item.key === itemKey);

/** Two lists with the same entries in the same order. */
export function sameList<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]));
}

import { createContext, useContext, useRef, useSyncExternalStore, type Dispatch } from 'react';
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
 */
export interface PlanStore {
  getState: () => PlanState;
  dispatch: Dispatch<PlanAction>;
  subscribe: (listener: () => void) => () => void;
}

export function createPlanStore(reducer: PlanReducer, initial: PlanState): PlanStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getState: () => state,
    dispatch: (action) => {
      const next = reducer(state, action);
      if (next === state) return;
      state = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
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
  return useSyncExternalStore(store.subscribe, getSnapshot, getSnapshot);
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

import { useSyncExternalStore } from 'react';

/**
 * Errors that happen outside React's render (a failing event handler, a rejected promise nobody
 * awaited) never reach a route's errorElement. docs/product/errors.md still wants the error page for them, so they
 * are put here and the Layout renders the error page in place of the route while one is set.
 * Navigating elsewhere clears it.
 */
export interface GlobalError {
  /** Distinguishes one error from the next, so a late event id never lands on a newer error. */
  seq: number;
  eventId: string | undefined;
}

let current: GlobalError | null = null;
let seq = 0;
const listeners = new Set<() => void>();

function emit() {
  for (const listener of listeners) listener();
}

/** Shows the error page. While one is already shown, the first error keeps the page. */
export function raiseGlobalError(): number {
  if (current) return current.seq;
  seq += 1;
  current = { seq, eventId: undefined };
  emit();
  return seq;
}

/** Adds the event id once the report has been stored. */
export function attachGlobalEventId(errorSeq: number, eventId: string | undefined): void {
  if (!current || current.seq !== errorSeq || !eventId || current.eventId) return;
  current = { ...current, eventId };
  emit();
}

export function clearGlobalError(): void {
  if (!current) return;
  current = null;
  emit();
}

export function getGlobalError(): GlobalError | null {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useGlobalError(): GlobalError | null {
  return useSyncExternalStore(subscribe, getGlobalError, () => null);
}

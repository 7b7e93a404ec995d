import { useSyncExternalStore } from 'react';

/*
 * The page's polite live region. The message lives outside React state, so announcing something
 * ('Option added.') re-renders this one paragraph instead of the whole page of item cards.
 */

export interface Announcer {
  announce: (message: string) => void;
  subscribe: (listener: () => void) => () => void;
  current: () => string;
}

export function createAnnouncer(): Announcer {
  let message = '';
  const listeners = new Set<() => void>();
  return {
    announce(next) {
      // The same words again must change the live region, or it says nothing the second time:
      // a no-break space after them, every other time.
      message = next !== '' && message === next ? `${next}\u00a0` : next;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => message,
  };
}

export function StatusAnnouncer({ announcer }: { announcer: Announcer }) {
  const message = useSyncExternalStore(announcer.subscribe, announcer.current, announcer.current);
  return (
    <p className="visually-hidden" role="status" aria-live="polite">
      {message}
    </p>
  );
}

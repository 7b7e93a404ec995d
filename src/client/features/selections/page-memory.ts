import type { Unsent } from './unsent-text';

/*
 * What one reader's shop page of one proposal keeps for the tab's life, outside React: the page's
 * 'Plan' tab, Back or the logo unmount the whole page, and coming back brings it back (review 21).
 * Kept in memory only: a reload starts empty as it always has. Keyed by the reader too, so that
 * the next person signed in at that tab sees none of it.
 */

export type Alerts = Readonly<Record<string, string>>;

/** The page's alerts, one per item, with listeners (for useSyncExternalStore). */
export interface AlertStore {
  current: () => Alerts;
  update: (change: (all: Alerts) => Alerts) => void;
  subscribe: (listener: () => void) => () => void;
}

export interface PageMemory {
  /** What was typed into an item's boxes and not sent yet, by box (unsent-text.ts). */
  unsent: Map<string, Unsent>;
  /** Failures shown on the items they concern until dismissed (use-shop-messages.ts). */
  alerts: AlertStore;
}

function createAlertStore(): AlertStore {
  let alerts: Alerts = {};
  const listeners = new Set<() => void>();
  return {
    current: () => alerts,
    update: (change) => {
      const next = change(alerts);
      if (next === alerts) return;
      alerts = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

const pages = new Map<string, PageMemory>();

/** `readerId`: the signed-in reader, null for a visitor. */
export function pageMemoryOf(readerId: string | null, proposalId: string): PageMemory {
  const key = `${readerId ?? ''} ${proposalId}`;
  let memory = pages.get(key);
  if (!memory) pages.set(key, (memory = { unsent: new Map(), alerts: createAlertStore() }));
  return memory;
}

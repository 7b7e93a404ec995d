import { useCallback, useState, useSyncExternalStore } from 'react';
import { ApiRequestError } from '../../lib/api';
import { createAnnouncer, type Announcer } from './status-announcer';

export interface ShopMessages {
  /** A failure the user must see, shown on the item it concerns until dismissed. */
  alerts: Readonly<Record<string, string>>;
  notify: (itemId: string, message: string) => void;
  dismiss: (itemId: string) => void;
  /** Read out politely by screen readers ('Option added.'); <StatusAnnouncer> shows it. */
  announcer: Announcer;
  announce: (message: string) => void;
}

type Alerts = Readonly<Record<string, string>>;

/** One shop page's alerts, outside React, so that they outlive the page (see alertsOf). */
interface AlertStore {
  current: () => Alerts;
  update: (change: (all: Alerts) => Alerts) => void;
  subscribe: (listener: () => void) => () => void;
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

const alertsByPage = new Map<string, AlertStore>();

/**
 * The alerts of one reader's shop page of one proposal, kept for the tab's life as its unsent
 * texts are (unsent-text.ts): a comment that fails after the reader went to the 'Plan' tab says
 * so on its item when they come back, beside the text kept in its box.
 */
function alertsOf(pageKey: string): AlertStore {
  let store = alertsByPage.get(pageKey);
  if (!store) alertsByPage.set(pageKey, (store = createAlertStore()));
  return store;
}

/** `pageKey`: the reader and the proposal (`shopPageKey`), whose page the alerts belong to. */
export function useShopMessages(pageKey: string): ShopMessages {
  const store = alertsOf(pageKey);
  const alerts = useSyncExternalStore(store.subscribe, store.current, store.current);
  const [announcer] = useState(createAnnouncer);
  const notify = useCallback(
    (itemId: string, message: string) => store.update((all) => ({ ...all, [itemId]: message })),
    [store],
  );
  const dismiss = useCallback(
    (itemId: string) =>
      store.update((all) => {
        if (!(itemId in all)) return all;
        const { [itemId]: _gone, ...rest } = all;
        return rest;
      }),
    [store],
  );
  return { alerts, notify, dismiss, announcer, announce: announcer.announce };
}

export const isConflict = (err: unknown) => err instanceof ApiRequestError && err.status === 409;

/** The product is an option of the item already (409 already_on_item): nothing to try again. */
export const isAlreadyOnItem = (err: unknown) =>
  err instanceof ApiRequestError && err.status === 409 && err.code === 'already_on_item';

/** Someone changed (409) or removed (404) what the page shows: it is read again. */
export const isOutOfDate = (err: unknown) =>
  err instanceof ApiRequestError && (err.status === 409 || err.status === 404);

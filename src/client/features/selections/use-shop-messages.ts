import { useCallback, useState, useSyncExternalStore } from 'react';
import { ApiRequestError } from '../../lib/api';
import type { AlertStore } from './page-memory';
import { createAnnouncer, type Announcer } from '../../ui/status-announcer';

export interface ShopMessages {
  /** A failure the user must see, shown on the item it concerns until dismissed. */
  alerts: Readonly<Record<string, string>>;
  notify: (itemId: string, message: string) => void;
  dismiss: (itemId: string) => void;
  /** Read out politely by screen readers ('Option added.'); <StatusAnnouncer> shows it. */
  announcer: Announcer;
  announce: (message: string) => void;
}

/**
 * `store`: the page's alerts, kept for the tab's life as its unsent texts are (page-memory.ts): a
 * comment that fails after the reader went to the 'Plan' tab says so on its item when they come
 * back, beside the text kept in its box.
 */
export function useShopMessages(store: AlertStore): ShopMessages {
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
/** Too many at once or too many lately: the same request may be made again in a while. */
export const isTooMany = (err: unknown) => err instanceof ApiRequestError && err.status === 429;

/** The product is an option of the item already (409 already_on_item): nothing to try again. */
export const isAlreadyOnItem = (err: unknown) =>
  err instanceof ApiRequestError && err.status === 409 && err.code === 'already_on_item';

/** Someone changed (409) or removed (404) what the page shows: it is read again. */
export const isOutOfDate = (err: unknown) =>
  err instanceof ApiRequestError && (err.status === 409 || err.status === 404);

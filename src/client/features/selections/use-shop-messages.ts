import { useCallback, useState } from 'react';
import { ApiRequestError } from '../../lib/api';

export interface ShopMessages {
  /** A failure the user must see, shown on the item it concerns until dismissed. */
  alerts: Readonly<Record<string, string>>;
  notify: (itemId: string, message: string) => void;
  dismiss: (itemId: string) => void;
  /** The last success, read out politely by screen readers ('Option added.'). */
  status: string;
  announce: (message: string) => void;
}

export function useShopMessages(): ShopMessages {
  const [alerts, setAlerts] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const notify = useCallback((itemId: string, message: string) => {
    setAlerts((all) => ({ ...all, [itemId]: message }));
  }, []);
  const dismiss = useCallback((itemId: string) => {
    setAlerts((all) => {
      const { [itemId]: _gone, ...rest } = all;
      return rest;
    });
  }, []);
  return { alerts, notify, dismiss, status, announce: setStatus };
}

/** The server's readable message, or ours when the failure has none. */
export function messageOf(err: unknown, fallback: string): string {
  if (err instanceof ApiRequestError && err.message) return err.message;
  return fallback;
}

export const isConflict = (err: unknown) => err instanceof ApiRequestError && err.status === 409;

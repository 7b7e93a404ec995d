import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';

type Handlers = Record<string, (...args: never[]) => unknown>;

/**
 * The same object of functions for the component's whole life, each calling the latest version
 * passed in. Memoised children given it do not re-render just because their parent did.
 */
export function useStableHandlers<T extends Handlers>(handlers: T): T {
  const latest = useRef(handlers);
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  const call = useCallback(
    (key: string, args: unknown[]) =>
      (latest.current[key] as (...a: unknown[]) => unknown)(...args),
    [],
  );
  // The caller passes an object literal, so its first render's names are all there will be.
  const [keys] = useState(() => Object.keys(handlers));
  return useMemo(
    () =>
      Object.fromEntries(
        keys.map((key) => [key, (...args: unknown[]) => call(key, args)]),
      ) as unknown as T,
    [keys, call],
  );
}

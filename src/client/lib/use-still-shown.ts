import { useEffect, useRef, type RefObject } from 'react';

/**
 * Whether the component is still on the page, read when a slow request ends: a form closed while
 * it saved (its item collapsed, say) has no place left to show a failure, and must say it where
 * it can still be seen.
 */
export function useStillShown(): RefObject<boolean> {
  const shown = useRef(false);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);
  return shown;
}

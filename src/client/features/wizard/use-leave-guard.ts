import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before the edit wizard is left with changes not saved (the spec's Cancel asks first; the
 * browser's Back, a link in the page, a reload or closing the tab skipped that question). An
 * in-app navigation is held by the router's blocker, for the page's own dialog; leaving the page
 * gets the browser's own question, the only one a page may ask then. `allowLeaving()` lets the
 * wizard's own ways out through (after a save, or a confirmed discard).
 */
export function useLeaveGuard(hasChanges: () => boolean) {
  const allowed = useRef(false);
  const guarded = useCallback(() => !allowed.current && hasChanges(), [hasChanges]);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      currentLocation.pathname !== nextLocation.pathname && guarded(),
  );

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!guarded()) return;
      event.preventDefault();
      // Older browsers ask only when a value is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [guarded]);

  const allowLeaving = useCallback(() => {
    allowed.current = true;
  }, []);
  return { blocker, allowLeaving };
}

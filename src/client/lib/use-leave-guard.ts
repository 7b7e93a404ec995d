import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';

/**
 * Asks before a page holding typed work is left (the edit wizard, the send form): the browser's
 * Back, a link in the page, a reload or closing the tab would lose it without a question. An
 * in-app navigation is held by the router's blocker, for the page's own dialog; leaving the page
 * gets the browser's own question, the only one a page may ask then. `allowLeaving()` lets the
 * page's own ways out through (after a save or a send, or a confirmed discard).
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

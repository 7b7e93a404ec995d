import type { DataRouter } from 'react-router';

/** The JSON script of the prerendered landing holding its public settings. */
export const PRERENDER_DATA_ID = 'plansmith-prerender';

/** Resolves once the router has loaded the lazy route of the first location. */
export function whenInitialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}

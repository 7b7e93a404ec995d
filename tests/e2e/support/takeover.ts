import { expect, type Page } from '@playwright/test';

/**
 * The first screen the server rendered (decisions 0040, 0066, 0067) has been taken over by the
 * app in place. A test that presses a control waits for it: a press whose mouse-down lands on the
 * server's copy and whose mouse-up lands on the app's, as the copy is swapped out on a busy
 * machine, makes no click anywhere (a press before the swap is replayed, one after it is the
 * app's).
 */
export async function takenOver(page: Page): Promise<void> {
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
}

/** The app's entry script, which a server-rendered page's island asks for after the first paint. */
export const APP_ENTRY = /\/assets\/index-[^/]*\.js$/;

/**
 * Holds every request for a script matching `file` until `release()`, as a slow network would;
 * `requested` settles when the first is asked for.
 */
export async function holdScript(page: Page, file: RegExp) {
  let release = () => undefined as void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let requested = () => undefined as void;
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(file, async (route) => {
    requested();
    await released;
    await route.continue();
  });
  return { requested: asked, release };
}

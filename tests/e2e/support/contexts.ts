import type { Browser, BrowserContextOptions, Page } from '@playwright/test';

/** Another browser context signed in as `page` is, at its size, with `options` added. */
export async function sameReader(browser: Browser, page: Page, options: BrowserContextOptions) {
  return browser.newContext({
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
    ...options,
  });
}

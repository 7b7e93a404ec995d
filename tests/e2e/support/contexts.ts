import type { Browser, BrowserContextOptions, Page } from '@playwright/test';
import { linkFrom, type E2eMailbox } from './fixtures';

/** Another browser context signed in as `page` is, at its size, with `options` added. */
export async function sameReader(browser: Browser, page: Page, options: BrowserContextOptions) {
  return browser.newContext({
    storageState: await page.context().storageState(),
    viewport: page.viewportSize(),
    ...options,
  });
}

/** `test` given a page of another context signed in as `page` is, with JavaScript off. */
export async function withoutScript(
  browser: Browser,
  page: Page,
  test: (still: Page) => Promise<void>,
): Promise<void> {
  const context = await sameReader(browser, page, { javaScriptEnabled: false });
  try {
    await test(await context.newPage());
  } finally {
    await context.close();
  }
}

/**
 * `test` given a page of another context signed in as `page` is, where the island never loads: a
 * server-rendered page stays as the server sent it while a script of the test's (axe) runs in it.
 */
export async function asServerSent(
  browser: Browser,
  page: Page,
  test: (asSent: Page) => Promise<void>,
): Promise<void> {
  const context = await sameReader(browser, page, {});
  try {
    const asSent = await context.newPage();
    await asSent.route(/\/assets\/island-[^/]*\.js$/, (route) => route.abort());
    await test(asSent);
  } finally {
    await context.close();
  }
}

/**
 * `test` given the page of a browser of someone's own (nobody signed in) that opened the link of
 * the newest e-mail to `to` since `since`: a homeowner's or an invitee's first visit.
 */
export async function openedFromMail(
  browser: Browser,
  mailbox: E2eMailbox,
  mail: { to: string; since: number },
  test: (page: Page) => Promise<void>,
  options: BrowserContextOptions = {},
): Promise<void> {
  const context = await browser.newContext(options);
  try {
    const page = await context.newPage();
    await page.goto(linkFrom(await mailbox.waitFor(mail.to, { since: mail.since })));
    await test(page);
  } finally {
    await context.close();
  }
}

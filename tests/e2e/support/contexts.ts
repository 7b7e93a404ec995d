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

/** The island of a server-rendered page: its one script, inline (decision 0080). */
const ISLAND = /<script type="module" data-app[^>]*>[\s\S]*?<\/script>/;

/**
 * `test` given a page of another context signed in as `page` is, where a server-rendered page
 * comes without its island: it stays as the server sent it while a script of the test's (axe)
 * runs in it. Every other page comes as it is, its app and all.
 */
export async function asServerSent(
  browser: Browser,
  page: Page,
  test: (asSent: Page) => Promise<void>,
): Promise<void> {
  const context = await sameReader(browser, page, {});
  try {
    const asSent = await context.newPage();
    await asSent.route('**/*', async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const html = await response.text();
      if (!html.includes('<div id="root" data-server-rendered>'))
        return route.fulfill({ response });
      // The body as read, so without the encoding it came in.
      const { 'content-encoding': _, 'content-length': __, ...headers } = response.headers();
      await route.fulfill({ response, headers, body: html.replace(ISLAND, '') });
    });
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

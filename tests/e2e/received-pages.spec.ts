import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { asServerSent, withoutScript } from './support/contexts';
import { test as base, expect, linkFrom, uniqueEmail, type E2eMailbox } from './support/fixtures';
import { onlyInlineScript } from './support/page-script';
import { createdProposal, sentTo } from './support/proposals';

/*
 * Decision 0067: the homeowner's own paths, where their e-mail's link lands
 * (/proposal/received/{id}/ and its shop page), get what the contractor's paths got in decisions
 * 0040 and 0066: the route's scripts and the data linked with the page, and the first screen
 * rendered on the server for the homeowner, which the app takes over. Anyone else is sent to sign
 * in by the app, as before, and gets nothing read for them. Decision 0068: the e-mail's link
 * page posts its token at once and loads the homeowner's page from the server rather than
 * rendering it.
 */

const PROJECT = 'Birch Bath';

/** `home`: the homeowner's page, in a browser of their own at the test's size. */
const test = base.extend<{ home: Page }>({
  home: async ({ browser, page }, provide) => {
    const context = await browser.newContext({ viewport: page.viewportSize() });
    await provide(await context.newPage());
    await context.close();
  },
});

/** A proposal with rooms to shop for, sent to a new homeowner signed in on `home` by its link. */
async function sendToHomeowner(page: Page, home: Page, mailbox: E2eMailbox): Promise<string> {
  const id = await createdProposal(page.request, {
    projectName: PROJECT,
    companyName: 'Pro Builders',
    introductoryNote: 'Your new bath, room by room.',
    costGroups: [
      { name: 'Vanity', values: [{ name: 'Basin', selection: true }, { name: 'Mirror' }] },
      { name: 'Shower', values: [{ name: 'Rain head', selection: true }] },
    ],
  });
  const email = uniqueEmail('received');
  const since = await sentTo(page.request, id, { email: email, name: 'Hana Home' });
  await home.goto(linkFrom(await mailbox.waitFor(email, { since })));
  await expect(home).toHaveURL(new RegExp(`/proposal/received/${id}/$`));
  return id;
}

/** The sign-in posts `page` makes from now on, as they are made. */
function countVerifies(page: Page): string[] {
  const posts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (request.method() === 'POST' && pathname.startsWith('/api/authorization/verify'))
      posts.push(pathname);
  });
  return posts;
}

test("the homeowner's view and shop page come rendered, their data asked for with the page", async ({
  page,
  home,
  signUp,
  mailbox,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await sendToHomeowner(page, home, mailbox);

  const view = await home.request.get(`/proposal/received/${id}/`);
  expect(view.status()).toBe(200);
  expect(view.headers()['cache-control']).toBe('private, no-store');
  expect(view.headers()['vary']).toContain('cookie');
  expect(view.headers()['link']).toBe(`</api/proposal/${id}>; rel=preload; as=fetch; crossorigin`);
  const viewHtml = await view.text();
  expect(viewHtml).toContain(`<title>${PROJECT} · Plansmith</title>`);
  expect(viewHtml).toMatch(new RegExp(`<h1[^>]*>${PROJECT}</h1>`));
  expect(viewHtml).toContain('Your new bath, room by room.');
  expect(viewHtml).toContain('data-server-rendered');
  const viewScript = await onlyInlineScript(view);
  expect(viewScript).toMatch(/data-preload="[^"]*\/assets\/received-page-[^"]+\.js[^"]*"/);

  const shop = await home.request.get(`/proposal/received/${id}/selections/`);
  expect(shop.status()).toBe(200);
  expect(shop.headers()['cache-control']).toBe('private, no-store');
  expect(shop.headers()['link']).toBe(
    `</api/proposal/${id}/selections>; rel=preload; as=fetch; crossorigin`,
  );
  const shopHtml = await shop.text();
  expect(shopHtml).toContain(`<title>${PROJECT} · Selections · Plansmith</title>`);
  expect(shopHtml).toContain('Rain head');
  const shopScript = await onlyInlineScript(shop);
  expect(shopScript).toMatch(
    /data-preload="[^"]*\/assets\/received-selections-page-[^"]+\.js[^"]*"/,
  );
});

test("the e-mail's link loads the homeowner's view from the server, first screen and all", async ({
  page,
  home,
  signUp,
  mailbox,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  // Decision 0068: the link's page posts its token at once, from a first script of its own,
  // and then loads the page it goes to, which comes rendered.
  const documents: { path: string; html: Promise<string> }[] = [];
  home.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    // The link's page goes on before its body could be read; what it asked for is below.
    if (response.request().resourceType() !== 'document' || path.startsWith('/signin/')) return;
    documents.push({ path, html: response.text() });
  });
  const verifies = countVerifies(home);
  const loaded: string[] = [];
  home.on('request', (request) => {
    const type = request.resourceType();
    if (type === 'document' || type === 'script')
      loaded.push(`${type} ${new URL(request.url()).pathname}`);
  });
  const id = await sendToHomeowner(page, home, mailbox);
  await expect(home.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
  // The link's page asks for no script: the next thing it loads is the page it goes to.
  const onLink = loaded.findIndex((line) => line.startsWith('document /signin/'));
  expect(loaded[onLink + 1]).toBe(`document /proposal/received/${id}/`);
  const view = documents.find((d) => d.path === `/proposal/received/${id}/`);
  expect(view, documents.map((d) => d.path).join(', ')).toBeDefined();
  expect(await view!.html).toContain('data-server-rendered');
  // Posted once: the token is spent.
  expect(verifies).toHaveLength(1);
  // The link's page is gone from the history, its token with it.
  await home.goBack();
  expect(home.url()).not.toContain('/signin/');
});

test("the e-mail link's page is the sign-in screen and one inline script, allowed by its hash", async ({
  page,
}) => {
  // Decision 0068: no file of the app is asked for on the way to the page the link goes to.
  const reply = await page.request.get('/signin/any-token/');
  expect(reply.status()).toBe(200);
  expect(reply.headers()['referrer-policy']).toBe('no-referrer');
  // Its address holds a sign-in token: no cache keeps a copy under it.
  expect(reply.headers()['cache-control']).toBe('no-store');
  const html = await reply.text();
  expect(html).toContain('<title>Signing in · Plansmith</title>');
  expect(html).toContain('Signing you in…');
  expect(html).not.toMatch(/plansmith-[a-z-]+-mark/);
  // The same page for anyone: no "Log In" offered to someone who may be signed in.
  expect(html).not.toContain('Log In');
  await onlyInlineScript(reply);
  expect(html).not.toContain('rel="stylesheet"');
  expect(html).not.toContain('rel="modulepreload"');
  // Anywhere else the policy allows no inline script.
  const signin = await page.request.get('/signin/');
  expect(signin.headers()['content-security-policy']).not.toContain('sha256-');
});

test("the e-mail link's page shows its screen while the link is checked, and the app says when it fails @mobile", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/authorization/verify', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/signin/not-a-link-we-sent/');
  await expect(page.getByRole('status')).toHaveText('Signing you in…');
  await expect(page.getByRole('heading', { level: 1, name: 'Signing in' })).toBeAttached();
  await expectNoAxeViolations(page, "the link's page");
  // The link is not one of ours: the app comes to say so, with a way to sign in.
  release();
  await expect(
    page.getByRole('heading', { level: 1, name: "We couldn't sign you in" }),
  ).toBeVisible();
  await expect(page.getByText('This login link is not valid.')).toBeVisible();
  // And the header offers a visitor's way in (a menu on a phone).
  const header = page.getByRole('banner');
  await expect(
    header.getByRole('link', { name: 'Log In' }).or(header.getByRole('button', { name: 'Menu' })),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log In' })).toBeVisible();
  await expect(page).toHaveURL(/\/signin\/$/);
});

test("the contractor and a visitor on the homeowner's paths get only the app, which sends them away", async ({
  page,
  browser,
  home,
  signUp,
  mailbox,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const anonymousContext = await browser.newContext();
  try {
    const id = await sendToHomeowner(page, home, mailbox);
    // The owner may read the proposal through the API, but these paths are the homeowner's.
    expect((await page.request.get(`/api/proposal/${id}`)).status()).toBe(200);
    const anonymous = await anonymousContext.newPage();
    for (const path of [`/proposal/received/${id}/`, `/proposal/received/${id}/selections/`]) {
      for (const reply of [await page.request.get(path), await anonymous.request.get(path)]) {
        expect(reply.status()).toBe(200);
        expect(reply.headers()['link']).toBeUndefined();
        const html = await reply.text();
        expect(html).not.toContain(PROJECT);
        expect(html).not.toContain('data-server-rendered');
        expect(html).not.toContain('rel="modulepreload" crossorigin href="/assets/received');
        expect(html).toContain('<div id="root"></div>');
      }
      // The app sends a visitor to sign in; the sign-in page sends a signed-in contractor on to
      // their dashboard.
      await anonymous.goto(path);
      await expect(anonymous).toHaveURL(/\/signin\/(\?|$)/);
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard\/$/);
    }
  } finally {
    await anonymousContext.close();
  }
});

test(
  "the homeowner's first screens show before any script runs, and work once the app has taken over",
  { tag: '@mobile' },
  async ({ page, browser, home, signUp, mailbox }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await sendToHomeowner(page, home, mailbox);
    const view = `/proposal/received/${id}/`;
    const shop = `/proposal/received/${id}/selections/`;

    await withoutScript(browser, home, async (still) => {
      await still.goto(view);
      await expect(still.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
      await expect(still.getByText('Your new bath, room by room.')).toBeVisible();
      await still.goto(shop);
      await expect(still.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
      await expect(still.getByRole('heading', { name: 'Rain head', exact: true })).toBeVisible();
    });

    // axe runs as a script in the page: each page as the server sent it, the island held back.
    await asServerSent(browser, home, async (asSent) => {
      for (const [path, screen] of [
        [view, "the homeowner's view as the server sends it"],
        [shop, "the homeowner's shop page as the server sends it"],
      ] as const) {
        await asSent.goto(path);
        await expect(asSent.locator('[data-server-rendered]')).toHaveCount(1);
        await expect(asSent.getByRole('heading', { level: 1, name: PROJECT })).toBeVisible();
        await expectNoAxeViolations(asSent, screen);
      }
    });

    // The view, taken over: one copy, and its parts answer the keyboard.
    const reads: string[] = [];
    home.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith(`/api/proposal/${id}`))
        reads.push(new URL(request.url()).pathname);
    });
    await home.goto(view);
    await expect(home.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(home.getByRole('heading', { level: 1, name: PROJECT })).toHaveCount(1);
    const vanity = home.getByRole('button', { name: /Vanity/ });
    await vanity.focus();
    await home.keyboard.press('Enter');
    await expect(vanity).toHaveAttribute('aria-expanded', 'true');
    await expect(home.getByText('Mirror')).toBeVisible();
    expect(reads).toEqual([`/api/proposal/${id}`]);

    // The shop page, loaded afresh: taken over, read once, and an item opens into its board.
    reads.length = 0;
    await home.goto(shop);
    await expect(home.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(home.getByRole('heading', { level: 1, name: PROJECT })).toHaveCount(1);
    await home
      .getByRole('button', { name: /Rain head/ })
      .first()
      .click();
    await expect(home.getByRole('heading', { name: 'Comments on Rain head' })).toBeVisible();
    expect(reads.filter((path) => path.endsWith('/selections'))).toHaveLength(1);
  },
);

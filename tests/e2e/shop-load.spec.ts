import type { Page } from '@playwright/test';
import { itemAnchor } from '../../src/shared/domain/selections';
import { expectNoAxeViolations } from './support/axe';
import { asServerSent, withoutScript } from './support/contexts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { APP_ENTRY, holdScript } from './support/takeover';
import { onlyInlineScript } from './support/page-script';

/*
 * Decision 0066: the shop page asks for its route's scripts and its selections at once, a
 * signed-in member gets its first screen rendered on the server (which the app takes over), the
 * app takes the preloaded selections instead of asking again, and a long page renders its first
 * screen's groups first, the rest following a screen at a time.
 */

const GROUPS = 8;
const ITEMS = 6;

/** A proposal of GROUPS rooms of ITEMS fixtures to shop for; the first screen is two rooms. */
async function createKitchen(page: Page): Promise<string> {
  const created = await page.request.post('/api/proposal', {
    data: {
      projectName: 'Cedar Kitchen',
      companyName: 'Pro Builders',
      costGroups: Array.from({ length: GROUPS }, (_, g) => ({
        name: `Room ${g + 1}`,
        values: Array.from({ length: ITEMS }, (_, i) => ({
          name: `Fixture ${g + 1}.${i + 1}`,
          selection: true,
        })),
      })),
    },
  });
  expect(created.status()).toBe(201);
  return created.text();
}

test("the owner gets the shop page's first screen in the page, private, with one script", async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createKitchen(page);

  const response = await page.request.get(`/proposal/${id}/selections/`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  expect(response.headers()['vary']).toContain('cookie');
  expect(response.headers()['link']).toBe(
    `</api/proposal/${id}/selections>; rel=preload; as=fetch; crossorigin`,
  );
  const html = await response.text();
  expect(html).toContain('<title>Cedar Kitchen · Selections · Plansmith</title>');
  expect(html).toMatch(/<h1[^>]*>Cedar Kitchen<\/h1>/);
  // The first screen: the rooms up to the twelfth item, not the rest.
  expect(html).toContain('Fixture 2.6');
  expect(html).not.toContain('Fixture 3.1');
  // One script, the island, inline; it asks for the route's scripts together.
  expect(await onlyInlineScript(response)).toMatch(
    /data-preload="[^"]*\/assets\/shop-page-[^"]+\.js[^"]*"/,
  );
});

test('another user and a visitor get no shop content, only the app', async ({
  page,
  browser,
  signUp,
  signUpIn,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createKitchen(page);

  const otherContext = await browser.newContext();
  const anonymousContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signUpIn(other, uniqueEmail('other'), 'Otto Other');
    expect((await other.request.get(`/api/proposal/${id}/selections`)).status()).toBe(404);

    const anonymous = await anonymousContext.newPage();
    for (const reply of [
      await other.request.get(`/proposal/${id}/selections/`),
      await anonymous.request.get(`/proposal/${id}/selections/`),
    ]) {
      const html = await reply.text();
      expect(html).not.toContain('Cedar Kitchen');
      expect(html).not.toContain('Fixture 1.1');
      expect(html).not.toContain('data-server-rendered');
      expect(html).toContain('<div id="root"></div>');
    }
    await other.goto(`/proposal/${id}/selections/`);
    await expect(other).toHaveURL(/\/private\//);
  } finally {
    await otherContext.close();
    await anonymousContext.close();
  }
});

test(
  'the first screen shows before any script runs, and the app takes it over with every group',
  { tag: '@mobile' },
  async ({ page, browser, signUp }) => {
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createKitchen(page);

    await withoutScript(browser, page, async (still) => {
      await still.goto(`/proposal/${id}/selections/`);
      await expect(still.getByRole('heading', { level: 1, name: 'Cedar Kitchen' })).toBeVisible();
      await expect(still.getByRole('heading', { name: 'Fixture 1.1', exact: true })).toBeVisible();
    });

    // axe runs as a script in the page: the page as the server sent it, the island held back.
    await asServerSent(browser, page, async (asSent) => {
      await asSent.goto(`/proposal/${id}/selections/`);
      await expect(asSent.locator('[data-server-rendered]')).toHaveCount(1);
      await expect(asSent.getByRole('heading', { level: 1, name: 'Cedar Kitchen' })).toBeVisible();
      await expectNoAxeViolations(asSent, "the shop page's first screen as the server sends it");
    });

    const reads: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === `/api/proposal/${id}/selections`)
        reads.push(request.url());
    });
    await page.goto(`/proposal/${id}/selections/`);
    // One copy, the app's, with every room after the first screen's, each with its items.
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Cedar Kitchen' })).toHaveCount(1);
    const rooms = page.getByRole('heading', { level: 2, name: /^Room \d+/ });
    await expect(rooms).toHaveCount(GROUPS);
    await expect(rooms.last()).toHaveAccessibleName(new RegExp(`^Room ${GROUPS}`));
    await expect(page.getByRole('article')).toHaveCount(GROUPS * ITEMS);
    expect(reads).toHaveLength(1);
    // And it works: an item opens into its board.
    const item = page.getByRole('button', { name: /Fixture 1\.1/ }).first();
    await item.click();
    await expect(page.getByRole('heading', { name: 'Comments on Fixture 1.1' })).toBeVisible();
  },
);

test('an item pressed on the first screen before any script has come opens once the app has', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createKitchen(page);
  // Every script file, as on a slow network: the press comes before any has arrived, the page's
  // own island (inline, decision 0080) keeps it.
  const { release } = await holdScript(page, /\/assets\/[^/]*\.js$/);
  // Parsed, and so its inline island has run; the held scripts do not hold this event.
  await page.goto(`/proposal/${id}/selections/`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-server-rendered]')).toHaveCount(1);
  const item = page.getByRole('button', { name: /Fixture 1\.2/ }).first();
  await item.click();
  release();
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Comments on Fixture 1.2' })).toBeVisible();
});

test('an item pressed while the app takes the page over opens: the swap waits for the press', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createKitchen(page);
  const { release } = await holdScript(page, APP_ENTRY);
  await page.goto(`/proposal/${id}/selections/`);
  const item = page.getByRole('button', { name: /Fixture 1\.2/ }).first();
  await item.hover();
  await page.mouse.down();
  // The app comes while the button is held down, and renders its page beside the copy.
  release();
  await page.waitForFunction(
    () =>
      document.querySelectorAll('h1').length === 2 ||
      !document.querySelector('[data-server-rendered]'),
  );
  // Rendered, not yet swapped in: the press is not over.
  await expect(page.locator('[data-server-rendered]')).toHaveCount(1);
  await page.mouse.up();
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Comments on Fixture 1.2' })).toBeVisible();
});

test("an item's address in the last group opens that item on a long shop page", async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createKitchen(page);
  const selections = await page.request.get(`/api/proposal/${id}/selections`);
  const { groups } = (await selections.json()) as {
    groups: { items: { id: string; name: string }[] }[];
  };
  const last = groups.at(-1)!.items.at(-1)!;
  expect(last.name).toBe(`Fixture ${GROUPS}.${ITEMS}`);

  await page.goto(`/proposal/${id}/selections/#${itemAnchor(last.id)}`);
  const heading = page.getByRole('heading', { name: last.name, exact: true });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
});

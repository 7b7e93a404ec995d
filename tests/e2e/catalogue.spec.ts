import type { Page } from '@playwright/test';
import { SEARCH_DEBOUNCE_MS } from '../../src/shared/constants';
import { NO_CURRENCY_TOOLTIP } from '../../src/shared/domain/products';
import { expect, test } from './support/fixtures';

/*
 * Issue 5, section 3, the catalogue at /allProducts/ as a logged-out visitor uses it: 8 products a page,
 * more on scroll, a debounced search kept in the URL, and tiles that open the retailer in a new
 * tab. The seed catalogue (over 300 products) is loaded when the server starts.
 */

const results = (page: Page) => page.getByRole('region', { name: /^Products/ });
const tiles = (page: Page) => results(page).getByRole('listitem');
const tileTitles = (page: Page) => results(page).getByRole('heading', { level: 3 });
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' });

/** Every tile's title, once the results shown are those of the current search. */
async function settledTitles(page: Page): Promise<string[] | null> {
  if ((await results(page).getAttribute('aria-busy')) !== null) return null;
  return tileTitles(page).allTextContents();
}

/** The search terms of every catalogue request the page makes from now on. */
function recordSearches(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/products') seen.push(url.searchParams.get('searchTerms') ?? '');
  });
  return seen;
}

test('the catalogue shows 8 products and scrolling loads 8 more', async ({ page }) => {
  await page.goto('/allProducts/');
  await expect(page.getByRole('heading', { level: 1, name: 'All Products' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(8);

  // Scrolling to the end of the grid is what loads the next page; it pushes the end out of view.
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await expect(tiles(page)).toHaveCount(16);
  // Each page brings products not shown yet. (On a busy machine the end can still be in view once
  // the second page is drawn, and a third loads: every product is counted, however many pages.)
  const hrefs = await results(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
  expect(hrefs.length % 8).toBe(0);
  expect(hrefs.length).toBeGreaterThanOrEqual(16);
  expect(new Set(hrefs).size).toBe(hrefs.length);
});

test('without scroll loading, the Load more button pages by keyboard', async ({ page }) => {
  // A browser without IntersectionObserver: the button is then the only way on.
  await page.addInitScript(() => {
    Reflect.deleteProperty(window, 'IntersectionObserver');
  });
  await page.goto('/allProducts/');
  await expect(tiles(page)).toHaveCount(8);
  const loadMore = page.getByRole('button', { name: 'Load more' });
  await loadMore.focus();
  await loadMore.press('Enter');
  await expect(tiles(page)).toHaveCount(16);
  // Focus moves to the first new tile, so the keyboard user carries on from there.
  await expect(tiles(page).nth(8).getByRole('link')).toBeFocused();
});

test('tiles open the retailer in a new tab and describe their image', async ({ page }) => {
  await page.goto('/allProducts/');
  await expect(tiles(page)).toHaveCount(8);
  for (const tile of await tiles(page).all()) {
    const title = (await tile.getByRole('heading').textContent())?.trim() ?? '';
    expect(title).not.toBe('');
    const link = tile.getByRole('link');
    await expect(link).toHaveAttribute('href', /^https:\/\/[^/]*example\.(com|net|org)\//);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(tile.getByRole('img', { name: title, exact: true })).toHaveAttribute(
      'loading',
      'lazy',
    );
    await expect(tile.getByText(/^(\$|£|€)[\d,]+\.\d\d$|^Price not available$/)).toBeVisible();
  }
  // The seed images are served by the app itself (no hot-linking) and really load.
  const first = tiles(page).first().getByRole('img');
  await first.scrollIntoViewIfNeeded();
  await expect
    .poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
    .toBe(true);
  expect(new URL((await first.getAttribute('src')) ?? '', page.url()).origin).toBe(
    new URL(page.url()).origin,
  );
});

test('a search waits for the typing to pause and is kept in the URL', async ({ page }) => {
  // The page's clock is the test's: the pause is measured on it, so however slowly a busy machine
  // delivers the keystrokes, none of them is a pause in the typing.
  await page.clock.install();
  await page.goto('/allProducts/');
  await expect(tiles(page)).toHaveCount(8);
  const searches = recordSearches(page);
  await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000));

  // Typing, with a short break that is no pause: nothing is searched yet.
  await searchBox(page).pressSequentially('fau');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS / 2);
  await searchBox(page).pressSequentially('cet');
  await page.clock.runFor(SEARCH_DEBOUNCE_MS - 1);
  await expect(searchBox(page)).toHaveValue('faucet');
  await expect(page).toHaveURL(/\/allProducts\/$/);

  // The pause: the whole word is searched, once, and kept in the URL.
  await page.clock.runFor(1);
  await page.clock.resume();
  await expect(page).toHaveURL(/\/allProducts\/\?searchTerms=faucet$/);
  await expect
    .poll(async () => {
      const titles = await settledTitles(page);
      return titles !== null && titles.length > 0 && titles.every((t) => /faucet/i.test(t));
    })
    .toBe(true);
  expect(searches).toEqual(['faucet']);

  // A reload keeps the search: the box and the results come from the URL.
  await page.reload();
  await expect(searchBox(page)).toHaveValue('faucet');
  await expect(tileTitles(page).first()).toContainText(/faucet/i);

  // Clearing the box shows the whole catalogue again and drops the parameter.
  await searchBox(page).fill('');
  await expect(page).toHaveURL(/\/allProducts\/$/);
  await expect
    .poll(async () => {
      const titles = await settledTitles(page);
      return titles?.length === 8 && titles.some((title) => !/faucet/i.test(title));
    })
    .toBe(true);
});

test('the shop page link opens the catalogue on its search', async ({ page }) => {
  await page.goto('/allProducts/?searchTerms=Pendant%20Light');
  await expect(searchBox(page)).toHaveValue('Pendant Light');
  await expect(results(page)).toHaveAccessibleName('Products matching "Pendant Light"');
  await expect
    .poll(async () => {
      const titles = await settledTitles(page);
      return titles !== null && titles.length > 0 && titles.every((t) => /pendant/i.test(t));
    })
    .toBe(true);
});

test('a search nothing matches says so', async ({ page }) => {
  await page.goto('/allProducts/');
  await searchBox(page).fill('zqxwv');
  // Shown, and announced to screen readers.
  await expect(page.getByRole('heading', { name: 'No products match "zqxwv".' })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('No products match "zqxwv".');
  await expect(tiles(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
});

test('a catalogue that cannot be reached says so and can be tried again', async ({ page }) => {
  // The server is made to fail from the browser's side: the outage is what is tested, not the API.
  let failing = true;
  await page.route('**/api/products?*', (route) =>
    failing
      ? route.fulfill({
          status: 503,
          json: { statusCode: 503, error: 'Service Unavailable', message: 'Catalogue is resting.' },
        })
      : route.fallback(),
  );
  await page.goto('/allProducts/');
  await expect(page.getByRole('alert')).toContainText('Catalogue is resting.');
  failing = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(tiles(page)).toHaveCount(8);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('a price without a currency explains itself on focus and on a press', async ({ page }) => {
  // The seed's outlet retailer publishes no currency; the host name is searchable.
  await page.goto('/allProducts/?searchTerms=outlet');
  const hint = page.getByRole('button', { name: 'About this price' }).first();
  await hint.focus();
  await expect(page.getByRole('tooltip')).toHaveText(NO_CURRENCY_TOOLTIP);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('tooltip')).toHaveCount(0);
  // A press shows it too, and stays on this page instead of opening the retailer.
  await hint.click();
  await expect(page.getByRole('tooltip')).toHaveText(NO_CURRENCY_TOOLTIP);
  await expect(page).toHaveURL(/\/allProducts\/\?searchTerms=outlet$/);
});

test(
  'the grid fits the screen: 4 columns on a desktop, 2 on a phone',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.goto('/allProducts/');
    await expect(tiles(page)).toHaveCount(8);
    const width = page.viewportSize()?.width ?? 1280;
    const tops = await tiles(page).evaluateAll((items) =>
      items.map((item) => Math.round(item.getBoundingClientRect().top)),
    );
    const perRow = tops.filter((top) => top === tops[0]).length;
    expect(perRow).toBe(width <= 770 ? 2 : 4);
    // Nothing sticks out sideways.
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(width);
    await expect(searchBox(page)).toBeVisible();
  },
);

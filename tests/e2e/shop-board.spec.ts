import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { findPreset } from '../../src/shared/domain/presets';
import type { SelectionsPage } from '../../src/shared/schemas/selections';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { APP_ENTRY, holdScript } from './support/takeover';
import { reviewShot } from './support/review-shot';
import { itemToggle, openItem, shopItem } from './support/shop';
import { createdProposal, toChoose } from './support/proposals';

/*
 * Issue 19, the shop page as a board: a real kitchen (the Kitchen Module preset, 20 items, 14 of
 * them selections) shows one compact card per item with its status, fits 2,400 px at 1280 and six
 * screens at 375, and one opened item shows two options side by side without scrolling.
 */

const MODULE = findPreset('Kitchen Module')!;
const SELECTIONS = MODULE.items.filter((i) => i.selection).map((i) => i.name);

/** A proposal with the Kitchen Module, some options (one chosen) and a comment, made by API. */
async function createKitchenModule(request: APIRequestContext, projectName: string) {
  const id = await createdProposal(request, {
    projectName,
    companyName: 'Board Builders',
    name: 'Bo Board',
    costGroups: [
      {
        name: MODULE.name,
        values: MODULE.items.map((i, n) => ({
          name: i.name,
          rawCost: String(300 + n * 50),
          costType: i.costType ?? 6,
          selection: i.selection,
        })),
      },
    ],
  });
  const page = (await (
    await request.get(`/api/proposal/${id}/selections`)
  ).json()) as SelectionsPage;
  const itemId = (name: string) => page.groups[0]!.items.find((i) => i.name === name)!.id;
  const products = async (terms: string) =>
    (await (
      await request.get(`/api/products?limit=8&page=1&searchTerms=${encodeURIComponent(terms)}`)
    ).json()) as { _id: string; title: string }[];
  const add = async (item: string, productId: string) => {
    const added = await request.post(`/api/proposal/${id}/addProduct/`, {
      data: { costItemId: itemId(item), productId },
    });
    expect(added.ok(), await added.text()).toBe(true);
    return ((await added.json()) as { id: string }).id;
  };
  // Two faucets (the first chosen), one sink, one range, one dishwasher: 4 items with options.
  const faucets = await products('faucet');
  const chosen = await add('Kitchen faucet', faucets[0]!._id);
  await add('Kitchen faucet', faucets[1]!._id);
  const put = await request.put(`/api/proposal/${id}/options/${chosen}`, {
    data: { position: 'chosen' },
  });
  expect(put.ok(), await put.text()).toBe(true);
  await add('Kitchen sink', (await products('sink'))[0]!._id);
  await add('Range', (await products('range'))[0]!._id);
  await add('Dishwasher', (await products('dishwasher'))[0]!._id);
  const comment = await request.post(
    `/api/proposal/${id}/items/${itemId('Kitchen faucet')}/comments`,
    {
      data: { content: 'Can we see both in the showroom?' },
    },
  );
  expect(comment.ok(), await comment.text()).toBe(true);
  return { id, chosenTitle: faucets[0]!.title };
}

const articles = (page: Page) => page.getByRole('article');
const filter = (page: Page, name: RegExp) => page.getByRole('radio', { name });
const SCREEN = 740;

/** The bottom of the sticky header and tab bar: what lies above it is hidden. */
async function stickyBottom(page: Page): Promise<number> {
  const box = await page.getByRole('navigation', { name: 'Proposal pages' }).boundingBox();
  if (!box) throw new Error('The tab bar is not on the page');
  return box.y + box.height;
}

/** Whether an element lies wholly inside the visible part of the viewport. */
async function fullyInView(page: Page, target: Locator, top: number) {
  const box = await target.boundingBox();
  const view = page.viewportSize()!;
  if (!box) return false;
  return (
    box.x >= 0 &&
    box.y >= top &&
    box.x + box.width <= view.width &&
    box.y + box.height <= view.height
  );
}

test(
  'a Kitchen Module lists 14 compact cards with their status, in 2,400 px at 1280 and 6 screens at 375',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('board-list'), 'Bo Board');
    const { id, chosenTitle } = await createKitchenModule(page.request, 'Board Kitchen');
    await page.goto(`/proposal/${id}/selections/`);
    // The first screen is the server's copy until the app takes it over: the test uses the page
    // once the app has it.
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Board Kitchen' })).toBeVisible();
    await expect(articles(page)).toHaveCount(SELECTIONS.length);

    // Every item closed, its status on screen; what it has is said on the card itself.
    for (const name of SELECTIONS) {
      const card = shopItem(page, name);
      await expect(itemToggle(card)).toHaveAttribute('aria-expanded', 'false');
      await expect(card.getByText(/^(No options yet|To choose|Chosen)$/)).toBeVisible();
    }
    const faucet = shopItem(page, 'Kitchen faucet');
    await expect(faucet.getByText('Chosen', { exact: true })).toBeVisible();
    await expect(faucet.getByText(chosenTitle, { exact: true })).toBeVisible();
    await expect(faucet.getByText('2 options')).toBeVisible();
    await expect(faucet.getByText('1 comment', { exact: true })).toBeVisible();
    const sink = shopItem(page, 'Kitchen sink');
    await expect(sink.getByText('To choose', { exact: true })).toBeVisible();
    await expect(sink.getByText('1 option', { exact: true })).toBeVisible();
    await expect(sink.getByText('0 comments')).toBeVisible();
    await expect(shopItem(page, 'Cabinets').getByText('No options yet')).toBeVisible();
    // The chosen option's photo is on the closed card, whole.
    const thumb = faucet.locator('img').first();
    await expect(thumb).toBeVisible();
    expect(await thumb.evaluate((img) => getComputedStyle(img).objectFit)).toBe('contain');

    // Layout facts: the whole page's height, nothing sideways.
    const width = page.viewportSize()!.width;
    const { height, overflow } = await page.evaluate(() => ({
      height: document.documentElement.scrollHeight,
      overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    }));
    console.log(`shop page closed: ${height} px at ${width} px`);
    expect(height).toBeLessThanOrEqual(width >= 1280 ? 2400 : 6 * SCREEN);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'the shop page, items closed');
    await reviewShot(page, 'shop-closed');

    // Filters with counts, by keyboard: the arrows move between them.
    await expect(filter(page, /^All 14$/)).toBeChecked();
    await expect(filter(page, /^To choose 13$/)).not.toBeChecked();
    await filter(page, /^All/).focus();
    await page.keyboard.press('ArrowRight');
    await expect(filter(page, /^To choose 13$/)).toBeChecked();
    await expect(articles(page)).toHaveCount(13);
    await expect(shopItem(page, 'Kitchen faucet')).toHaveCount(0);
    await page.keyboard.press('ArrowRight');
    await expect(filter(page, /^Chosen 1$/)).toBeChecked();
    await expect(articles(page)).toHaveText([/Kitchen faucet/]);
    await expectNoAxeViolations(page, 'the shop page, Chosen filter');
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(filter(page, /^All/)).toBeChecked();
    await expect(articles(page)).toHaveCount(SELECTIONS.length);

    // An open item stays open when the arrows pass a filter that hides it on their way.
    const openFaucet = await openItem(shopItem(page, 'Kitchen faucet'));
    await filter(page, /^All/).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await expect(filter(page, /^Chosen 1$/)).toBeChecked();
    await expect(itemToggle(openFaucet)).toHaveAttribute('aria-expanded', 'true');
  },
);

test(
  'an opened item shows its options side by side, whole, with aligned prices, and what else it has',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('board-open'), 'Bo Board');
    const { id } = await createKitchenModule(page.request, 'Open Board Kitchen');
    await page.goto(`/proposal/${id}/selections/`);
    await expect(articles(page)).toHaveCount(SELECTIONS.length);

    // Opened from the keyboard: the name is a button.
    const faucet = shopItem(page, 'Kitchen faucet');
    await itemToggle(faucet).focus();
    await page.keyboard.press('Enter');
    await expect(itemToggle(faucet)).toHaveAttribute('aria-expanded', 'true');
    const options = faucet.getByRole('list', { name: 'Options for Kitchen faucet' });
    const cards = options.getByRole('listitem');
    await expect(cards).toHaveCount(2);
    await expect(faucet.getByText('First', { exact: true })).toBeVisible();
    await expect(faucet.getByRole('button', { name: 'Add manually' })).toBeVisible();
    await expect(faucet.getByLabel('Paste a product link')).toBeVisible();
    await expect(faucet.getByRole('region', { name: 'Comments on Kitchen faucet' })).toBeVisible();
    await expect(faucet.getByText('Can we see both in the showroom?')).toBeVisible();
    const suggested = faucet.getByRole('region', { name: 'Suggested products for Kitchen faucet' });
    await expect(suggested.getByRole('listitem').first()).toBeVisible();

    // Photos whole, never cropped, in the board and on the image board.
    const fits = await page
      .locator('main img')
      .evaluateAll((imgs) => imgs.map((img) => getComputedStyle(img).objectFit));
    expect(fits.length).toBeGreaterThan(2);
    expect(new Set(fits)).toEqual(new Set(['contain']));
    // Suggestion titles are whole: nothing is cut off.
    const cut = await suggested.getByRole('listitem').evaluateAll((tiles) =>
      tiles
        .map((tile) => tile.querySelector('span span') as HTMLElement)
        .filter((title) => title.scrollHeight > title.clientHeight + 1)
        .map((title) => title.textContent),
    );
    expect(cut).toEqual([]);

    if (page.viewportSize()!.width >= 1280) {
      // Opening brought the options into view: both whole at once, side by side, with no scroll.
      const top = await stickyBottom(page);
      await expect.poll(() => fullyInView(page, cards.nth(0), top)).toBe(true);
      expect(await fullyInView(page, cards.nth(1), top)).toBe(true);
      const [a, b] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
      expect(a!.y).toBe(b!.y);
      // Prices and position buttons line up, whatever the titles' lengths.
      const priceTops = await cards.evaluateAll((lis) =>
        lis.map((li) => li.querySelector('p')!.getBoundingClientRect().top),
      );
      expect(priceTops[0]).toBe(priceTops[1]);
      const pillTops = await cards.evaluateAll((lis) =>
        lis.map((li) => li.querySelector('button[data-position]')!.getBoundingClientRect().top),
      );
      expect(pillTops[0]).toBe(pillTops[1]);
    }
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, 'the shop page, one item open');
    await reviewShot(page, 'shop-open');

    // A second item open beside it: each one's note and comments are landmarks of their own.
    await openItem(shopItem(page, 'Kitchen sink'));
    await expect(page.getByRole('region', { name: 'Comments on Kitchen sink' })).toBeVisible();
    await expectNoAxeViolations(page, 'the shop page, two items open');

    // Closing gives the room back; the keyboard stays on the button.
    await itemToggle(faucet).focus();
    await page.keyboard.press('Space');
    await expect(itemToggle(faucet)).toHaveAttribute('aria-expanded', 'false');
    await expect(options).toHaveCount(0);
    await expect(itemToggle(faucet)).toBeFocused();
  },
);

test('a filter picked on the first screen before the app came is the one it shows', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('board-filter'), 'Bo Board');
  const { id } = await createKitchenModule(page.request, 'Filter Kitchen');
  const { release } = await holdScript(page, APP_ENTRY);
  await page.goto(`/proposal/${id}/selections/`);
  await expect(page.locator('[data-server-rendered]')).toHaveCount(1);
  // The copy's native radios check without the app; the list cannot filter yet.
  await page.getByRole('radio', { name: /^Chosen/ }).check();
  release();
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
  await expect(page.getByRole('radio', { name: /^Chosen/ })).toBeChecked();
  await expect(articles(page)).toHaveCount(1);
  await expect(shopItem(page, 'Kitchen faucet')).toBeVisible();
});

test(
  'an item’s budget on its card is the plan’s figure, a credit too; no budget set shows none',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('board-budget'), 'Bo Board');
    const id = await createdProposal(page.request, {
      projectName: 'Budget Kitchen',
      companyName: 'Board Builders',
      name: 'Bo Board',
      costGroups: [
        {
          name: 'Kitchen',
          values: [
            toChoose('Kitchen faucet', '350'),
            // A credit (review 25): the plan shows it and counts it in the Total.
            toChoose('Backsplash tile', '-200'),
            toChoose('Cabinet pulls', '0'),
            toChoose('Pendant lights', ''),
          ],
        },
      ],
    });

    // The plan's Shopping List: the figures the shop must agree with.
    await page.goto(`/proposal/${id}/`);
    const row = (name: string) =>
      page
        .getByRole('list', { name: 'Selection items' })
        .getByRole('listitem')
        .filter({ hasText: name });
    await expect(row('Kitchen faucet')).toContainText('$350.00');
    await expect(row('Backsplash tile')).toContainText('-$200.00');

    await page.goto(`/proposal/${id}/selections/`);
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(shopItem(page, 'Kitchen faucet')).toContainText('Budget $350.00');
    await expect(shopItem(page, 'Backsplash tile')).toContainText('Budget -$200.00');
    // 0 cents: no budget set (or nothing to shop within), never a '$0.00' budget.
    await expect(shopItem(page, 'Cabinet pulls')).toBeVisible();
    await expect(shopItem(page, 'Cabinet pulls')).not.toContainText('Budget');
    await expect(shopItem(page, 'Pendant lights')).not.toContainText('Budget');
    await expectNoAxeViolations(page, 'shop cards with a credit and no budget');
    await reviewShot(page, 'shop-budget-credit');
  },
);

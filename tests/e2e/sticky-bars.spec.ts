import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, toChoose } from './support/proposals';
import { itemToggle, openItem, shopItem } from './support/shop';

/*
 * WCAG 2.4.11 (focus not obscured): the wizard's save bar sticks to the bottom of the screen, and a
 * field that Tab moves to must not sit behind it (review 20). Two rows on a phone. The site header
 * and the proposal pages' tab bar stick to the top, and Shift+Tab climbs under them (review 21).
 * The help launcher floats in the bottom corner, where the dashboard's Options buttons are on a
 * phone (review 25).
 */

/** How far the focused element's bottom reaches below the top of the bar (≤ 0: clear of it). */
const underBar = (page: Page) =>
  page.evaluate(() => {
    const bar = document.querySelector('[data-sticky-bottom]');
    const focused = document.activeElement;
    if (!bar || !focused || focused === document.body || bar.contains(focused)) return 0;
    return Math.round(focused.getBoundingClientRect().bottom - bar.getBoundingClientRect().top);
  });

test(
  'Tab never leaves the focused field behind the create page’s save bar',
  { tag: '@mobile' },
  async ({ page }) => {
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 667 });
    await page.goto('/create/');
    await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
    await page.getByLabel('Company name').focus();
    for (let step = 0; step < 30; step++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(
        () => document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.id,
      );
      await expect
        .poll(() => underBar(page), { message: `focus on ${name}` })
        .toBeLessThanOrEqual(0);
    }
  },
);

/**
 * How far the focused element's top reaches above the bottom of the sticky header and tab bar
 * (≤ 0: clear of them), for an element outside the bars.
 */
const underTopBars = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement;
    const bars = [...document.querySelectorAll('[data-sticky-header], [data-sticky-tabs]')];
    if (!focused || focused === document.body || bars.some((bar) => bar.contains(focused)))
      return 0;
    const barsEnd = Math.max(...bars.map((bar) => bar.getBoundingClientRect().bottom));
    return Math.round(barsEnd - focused.getBoundingClientRect().top);
  });

test(
  'Shift+Tab up the shop page never leaves focus under the header and tab bar',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 667 });
    await signUp(uniqueEmail('bars'), 'Bo Bars');
    const names = ['Vanity', 'Mirror', 'Sconce', 'Towel bar', 'Tub', 'Tile', 'Fan', 'Door'];
    const id = await createdProposal(page.request, {
      projectName: 'Bar Bath',
      companyName: 'Bar Builders',
      name: 'Bo Bars',
      costGroups: [{ name: 'Bathroom', values: names.map((name) => toChoose(name, '100')) }],
    });
    await page.goto(`/proposal/${id}/selections/`);
    // An open board gives Shift+Tab fields to climb through, as well as the cards' toggles.
    await openItem(shopItem(page, 'Tub'));
    // Focus from code scrolls at once (the End key's scroll is animated and would go on after).
    await itemToggle(shopItem(page, 'Door')).focus();
    // Up to the tab bar, whose own links take focus next.
    for (let step = 0; step < 40; step++) {
      await page.keyboard.press('Shift+Tab');
      if (await page.locator('[data-sticky-tabs] :focus').count()) break;
      const name = await page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );
      await expect
        .poll(() => underTopBars(page), { message: `focus on ${name}` })
        .toBeLessThanOrEqual(0);
    }
    await expect(page.locator('[data-sticky-tabs] :focus')).toHaveCount(1);
  },
);

/**
 * How much of the focused element the help launcher hides, as a share of the element's area
 * (0: clear of it).
 */
const underLauncher = (page: Page) =>
  page.evaluate(() => {
    const launcher = document.querySelector('[data-help-launcher]');
    const focused = document.activeElement;
    if (!launcher || !focused || focused === document.body || launcher === focused) return 0;
    const a = focused.getBoundingClientRect();
    const b = launcher.getBoundingClientRect();
    const w = Math.max(0, Math.min(a.right, b.right) - Math.max(a.left, b.left));
    const h = Math.max(0, Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top));
    return a.width * a.height === 0 ? 0 : (w * h) / (a.width * a.height);
  });

test(
  'Tab down the dashboard never leaves an Options button behind the help launcher',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await page.setViewportSize({ width: page.viewportSize()!.width, height: 667 });
    await signUp(uniqueEmail('corner'), 'Cora Corner');
    for (const projectName of ['Attic', 'Basement', 'Deck', 'Fence', 'Garage', 'Hall', 'Porch'])
      await createdProposal(page.request, {
        projectName,
        companyName: 'Corner Co',
        name: 'Cora Corner',
        costGroups: [{ name: 'General', values: [] }],
      });
    await page.goto('/dashboard/');
    await expect(page.getByRole('link', { name: /Porch/ })).toBeVisible();
    // From the top of the list (the newest first), down through every row and its Options.
    await page.getByRole('link', { name: /Porch/ }).focus();
    let checked = 0;
    for (let step = 0; step < 24; step++) {
      await page.keyboard.press('Tab');
      const name = await page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ?? document.activeElement?.textContent,
      );
      if (name === 'Help') break;
      // The row's Options button sits in the launcher's corner; a row's link, as wide as the
      // row, is never hidden by it.
      if (!name?.startsWith('Options for')) continue;
      await expect.poll(() => underLauncher(page), { message: `focus on ${name}` }).toBe(0);
      checked += 1;
    }
    expect(checked).toBe(7);
  },
);

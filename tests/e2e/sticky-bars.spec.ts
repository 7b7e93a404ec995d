import type { Page } from '@playwright/test';
import { expect, test } from './support/fixtures';

/*
 * WCAG 2.4.11 (focus not obscured): the wizard's save bar sticks to the bottom of the screen, and a
 * field that Tab moves to must not sit behind it (review 20). Two rows on a phone.
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

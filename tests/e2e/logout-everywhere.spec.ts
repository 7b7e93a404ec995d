import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { expectNoAxeViolations } from './support/axe';
import { reviewShot } from './support/review-shot';

/*
 * 'Log out of all devices' (review 27 F5, decision 0089): from the account page, asked first,
 * then said what it did; another browser signed in as the same person is signed out on its next
 * page. At 1280 and 375 px, by keyboard.
 */

/** The header's menu, opening the phone's menu first where the bar has none. */
async function openMenu(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  return page.getByRole('banner');
}

/** The account page's link, reached from the header's 'Account'. */
async function sessionsLink(page: Page) {
  await (await openMenu(page)).getByRole('link', { name: 'Account' }).click();
  await expect(page.getByRole('heading', { name: 'Signed in somewhere else?' })).toBeVisible();
  const link = page.getByRole('link', { name: 'Log out of all devices' });
  await link.scrollIntoViewIfNeeded();
  await reviewShot(page, 'account-sessions');
  return link;
}

test(
  'a user logs out of all devices; another browser is signed out on its next page',
  {
    tag: '@mobile',
  },
  async ({ page, browser, signUp, login }) => {
    const email = uniqueEmail('everywhere');
    await signUp(email, 'Evan Everywhere');
    // A second browser of the same person, with its own session (its own e-mailed link).
    const other = await browser.newContext({ viewport: page.viewportSize() });
    const otherPage = await other.newPage();
    try {
      await login(otherPage, email);
      await otherPage.goto('/dashboard/');
      await expect(otherPage.getByRole('heading', { name: 'Your proposals' })).toBeVisible();

      await page.goto('/dashboard/');
      await expect(page.getByRole('heading', { name: 'Your proposals' })).toBeVisible();
      const link = await sessionsLink(page);
      await link.focus();
      await page.keyboard.press('Enter');

      await expect(page).toHaveURL(/\/logout\/everywhere\/$/);
      await expect(page.getByRole('heading', { name: 'Log out of all devices?' })).toBeVisible();
      await expect(page.getByRole('main')).toContainText(email);
      // Asking ended nothing yet.
      await otherPage.reload();
      await expect(otherPage.getByRole('heading', { name: 'Your proposals' })).toBeVisible();
      await reviewShot(page, 'logout-everywhere-confirm');
      await expectNoAxeViolations(page, 'log out of all devices, asked');

      const confirm = page.getByRole('button', { name: 'Log out of all devices' });
      await confirm.focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('link', { name: 'Cancel' })).toBeFocused();
      await page.keyboard.press('Shift+Tab');
      await expect(confirm).toBeFocused();
      await page.keyboard.press('Enter');

      const done = page.getByRole('heading', { name: 'Logged out of all devices' });
      await expect(done).toBeFocused();
      await expect(page.getByRole('main')).toContainText(`We ended 2 sessions of ${email}`);
      // The whole frame knows: the menu is a visitor's now.
      await expect((await openMenu(page)).getByRole('link', { name: 'Log In' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Account' })).toHaveCount(0);
      await reviewShot(page, 'logout-everywhere-done');
      await expectNoAxeViolations(page, 'log out of all devices, done');

      // The other browser, on its next page load, is logged out and asked to sign in.
      await otherPage.reload();
      await expect(otherPage).toHaveURL(/\/signin\/\?redirect=/);
      await expect(otherPage.getByRole('button', { name: 'Log In' })).toBeVisible();
      // And this one too: its way on is a new link.
      await page.getByRole('main').getByRole('link', { name: 'Log In' }).press('Enter');
      await expect(page).toHaveURL(/\/signin\/$/);
    } finally {
      await other.close();
    }
  },
);

test('logged out, the page asks to sign in first and ends nothing', async ({ page }) => {
  await page.goto('/logout/everywhere/');
  await expect(page).toHaveURL(/\/signin\/\?redirect=%2Flogout%2Feverywhere%2F$/);
});

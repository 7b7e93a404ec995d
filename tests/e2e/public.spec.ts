import { expect, test } from './support/fixtures';

/* docs/product/routes.md: the public pages and the path normalisation, as a logged-out visitor sees them. */

// The apostrophe may be typographic; the sentence is what matters.
const awkward = /Well that.s awkward\./;

test('the landing page sends a visitor to sign up', { tag: '@mobile' }, async ({ page }) => {
  await page.goto('/');
  const getStarted = page.getByRole('link', { name: 'Get Started' }).first();
  await expect(getStarted).toBeVisible();
  await getStarted.click();
  await expect(page).toHaveURL(/\/signup\/$/);
});

test('the FAQ states the deposit', async ({ page }) => {
  await page.goto('/faq/');
  // Whole-page text: the answer may sit in a collapsed accordion.
  await expect(page.locator('body')).toContainText('$99');
});

test('an unknown path shows the error page', async ({ page }) => {
  await page.goto('/no-such-page/');
  await expect(page.getByText(awkward)).toBeVisible();
});

test('/error/ shows the error page', async ({ page }) => {
  await page.goto('/error/');
  await expect(page.getByText(awkward)).toBeVisible();
});

test('paths get a trailing slash and lose double slashes', async ({ page, baseURL }) => {
  await page.goto(`${baseURL}/signup`);
  await expect(page).toHaveURL(`${baseURL}/signup/`);
  // Built by hand: page.goto('//faq') would read as a protocol-relative URL.
  await page.goto(`${baseURL}//faq`);
  await expect(page).toHaveURL(`${baseURL}/faq/`);
});

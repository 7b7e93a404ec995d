import { expect, test, uniqueEmail } from './support/fixtures';

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

// Decision 0027: a visitor without a session gets the landing prerendered, and the app loads
// when they start using it; a press that comes before the app must still do what it says.
test('the prerendered landing opens its menu and help at once', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const menu = page.getByRole('button', { name: 'Menu' });
  await menu.click();
  await expect(menu).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }),
  ).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await page.getByRole('button', { name: 'Help', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'How can we help?' })).toBeVisible();
});

test('a signed-in visitor of the landing is offered the dashboard', async ({ page, signUp }) => {
  await signUp(uniqueEmail('landing'), 'Lane Landing');
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Go to Dashboard' }).first()).toBeVisible();
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

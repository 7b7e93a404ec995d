import type { Page } from '@playwright/test';
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

// Decision 0044: the landing's HTML carries only the style rules of its own markup, and its island
// inline; the app's style sheets arrive when the visitor starts using the page, before the app
// shows anything else, so its other pages look as they do when loaded directly.
test('the landing waits for no file; the pages reached from it are styled in full', async ({
  page,
  browser,
}) => {
  const response = await page.goto('/');
  const html = await response!.text();
  expect(html).not.toMatch(/<link[^>]*rel="stylesheet"|<script[^>]*\ssrc=/);
  const csp = response!.headers()['content-security-policy'];
  expect(csp).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+';/);
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  const styles = await page.locator('script[data-styles]').getAttribute('data-styles');
  const sheets = styles?.split(' ') ?? [];
  expect(sheets.length).toBeGreaterThan(0);
  const inline = await page
    .locator('style')
    .first()
    .evaluate((style) => style.textContent.length);
  const whole = await page.evaluate(
    (hrefs) => Promise.all(hrefs.map(async (href) => (await (await fetch(href)).text()).length)),
    sheets,
  );
  expect(inline).toBeLessThan(whole.reduce((a, b) => a + b, 0) * 0.75);
  await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);

  const hydrated = page.evaluate(
    () =>
      new Promise<boolean>((resolve) =>
        document.addEventListener('plansmith:hydrating', () => resolve(true), { once: true }),
      ),
  );
  await page.getByRole('link', { name: 'FAQ' }).first().hover();
  expect(await hydrated).toBe(true);
  // Every sheet, in its order, loaded before the app rendered.
  expect(
    await page.evaluate(() =>
      [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => ({
        href: link.getAttribute('href'),
        loaded: (link.sheet?.cssRules.length ?? 0) > 0,
      })),
    ),
  ).toEqual(sheets.map((href) => ({ href, loaded: true })));
  await page.evaluate(() => Object.assign(window, { stayed: true }));
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Log In' })
    .click();
  await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => 'stayed' in window)).toBe(true);
  await page.mouse.move(0, 0);

  const direct = await browser.newPage({ viewport: page.viewportSize() });
  await direct.goto('/signin/');
  await expect(direct.getByLabel('Email', { exact: true })).toBeVisible();
  const looks = (p: Page) =>
    Promise.all(
      [
        p.getByRole('heading', { level: 1 }),
        p.getByLabel('Email', { exact: true }),
        p.getByRole('button', { name: 'Log In' }),
        p.getByRole('link', { name: 'Sign up' }),
        p.getByRole('contentinfo'),
      ].map((element) =>
        element.evaluate((el) => {
          const s = getComputedStyle(el);
          const box = el.getBoundingClientRect();
          return [s.font, s.color, s.backgroundColor, s.padding, s.border, s.borderRadius]
            .concat([box.x, box.y, box.width, box.height].map(Math.round).join(' '))
            .join(' | ');
        }),
      ),
    );
  const expected = await looks(direct);
  await expect.poll(() => looks(page)).toEqual(expected);
  await direct.close();
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

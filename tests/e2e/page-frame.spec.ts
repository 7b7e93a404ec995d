import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';

/*
 * What every page shares: no Content Security Policy violation is reported (our CSP forbids eval),
 * and the docs/product/constants.md breakpoints and button size scale take effect where the client names them.
 */

/** Collects the CSP violations the page reports from now on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  const console: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)),
  ];
}

async function createProposal(page: Page): Promise<string> {
  const created = await page.request.post('/api/proposal', {
    data: {
      projectName: 'Frame Check',
      costGroups: [{ name: 'Kitchens', values: [{ name: 'Sink', rawCost: '300', costType: 4 }] }],
    },
  });
  expect(created.status()).toBe(201);
  return created.text();
}

test('no page reports a Content Security Policy violation', async ({ page, signUp }) => {
  const violations = await watchViolations(page);
  await page.goto('/signup/');
  // The sign-up form parses with zod as the user types.
  await page.getByLabel(/email/i).first().fill('not-an-address');
  await expect(page.getByText('Please enter a valid email address.')).toBeVisible();
  await signUp(uniqueEmail('csp'), 'Casey Csp');
  const id = await createProposal(page);
  for (const path of ['/', '/faq/', '/dashboard/', `/proposal/${id}/`, '/allProducts/']) {
    await page.goto(path);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
  await page.goto(`/proposal/${id}/`);
  await expect(page.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();
  expect(await violations()).toEqual([]);
});

test('the viewer follows the 800 and 1430 px breakpoints', async ({ page, signUp }) => {
  await signUp(uniqueEmail('bp'), 'Blake Breakpoint');
  const id = await createProposal(page);
  const sheetPadding = () =>
    page
      .getByRole('heading', { name: 'Plan', exact: true })
      .evaluate((h) => getComputedStyle(h.closest('article')!).paddingLeft);
  const menuGap = () =>
    page
      .getByRole('heading', { name: 'Plan', exact: true })
      .evaluate((h) => getComputedStyle(h.closest('[class*="columns"]')!).columnGap);

  await page.setViewportSize({ width: 810, height: 800 });
  await page.goto(`/proposal/${id}/`);
  await expect(page.getByRole('heading', { name: 'Plan', exact: true })).toBeVisible();
  const wideSheet = await sheetPadding();
  await page.setViewportSize({ width: 790, height: 800 });
  await expect.poll(sheetPadding).not.toBe(wideSheet);

  await page.setViewportSize({ width: 1420, height: 800 });
  const below = await menuGap();
  await page.setViewportSize({ width: 1440, height: 800 });
  await expect.poll(menuGap).not.toBe(below);
});

test('buttons follow the size scale: large is twice the default padding, small 0.7', async ({
  page,
}) => {
  // An app page: the landing carries only the rules of its own markup (decision 0044).
  await page.goto('/signin/');
  const sizes = await page.evaluate(() => {
    const make = (cls: string) => {
      const b = document.createElement('button');
      b.className = cls;
      b.textContent = 'x';
      document.body.append(b);
      const p = parseFloat(getComputedStyle(b).paddingLeft);
      b.remove();
      return p;
    };
    return {
      base: make('btn'),
      lg: make('btn btn-lg'),
      big: make('btn btn-big'),
      sm: make('btn btn-sm'),
      xs: make('btn btn-xs'),
    };
  });
  expect(sizes.base).toBeGreaterThan(0);
  expect(sizes.lg / sizes.base).toBeCloseTo(2, 2);
  expect(sizes.big / sizes.base).toBeCloseTo(1.5, 2);
  expect(sizes.sm / sizes.base).toBeCloseTo(0.7, 2);
  expect(sizes.xs / sizes.base).toBeCloseTo(0.5, 2);
});

test("a contractor's header bar fits from 770 px: every item is inside the window", async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('bar'), 'Barbara Bar');
  for (const width of [770, 800, 1049, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/dashboard/');
    const nav = page.getByRole('banner');
    const items = [
      nav.getByRole('link', { name: 'Dashboard' }),
      nav.getByRole('link', { name: 'Account' }),
      nav.getByRole('link', { name: 'Log out', exact: true }),
      nav.getByRole('link', { name: 'Create New Proposal' }),
    ];
    for (const item of items) {
      await expect(item).toBeVisible();
      const box = (await item.boundingBox())!;
      expect(box.x + box.width, `${width} px`).toBeLessThanOrEqual(width);
    }
  }
});

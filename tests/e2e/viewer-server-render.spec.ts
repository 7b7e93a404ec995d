import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { asServerSent, sameReader, withoutScript } from './support/contexts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { APP_ENTRY, holdScript } from './support/takeover';
import { sentTo } from './support/proposals';
import { onlyInlineScript } from './support/page-script';

/*
 * Decision 0040: the viewer's first screen is rendered on the server for a signed-in reader the
 * API would answer, from that reader's own reply; anyone else gets the app's page, which shows
 * what the API answers them. The app takes the server's markup over once it has rendered.
 */

const PROPOSAL = {
  projectName: 'Walnut Bath',
  companyName: 'Pro Builders',
  introductoryNote: 'We are glad to build your new bath.',
  contract: 'Payment in three parts.',
  costGroups: [{ name: 'Demolition', values: [{ name: 'Remove the old tub' }] }],
};

async function createProposal(page: Page): Promise<string> {
  const created = await page.request.post('/api/proposal', { data: PROPOSAL });
  expect(created.status()).toBe(201);
  return created.text();
}

test('the owner gets the first screen in the page, private, its one script inline', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('ssr'), 'Sam Server');
  const id = await createProposal(page);

  const response = await page.request.get(`/proposal/${id}/`);
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toBe('private, no-store');
  expect(response.headers()['vary']).toContain('cookie');
  expect(response.headers()['content-encoding']).toBe('br');
  expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
  const html = await response.text();
  expect(html).toContain('<title>Walnut Bath · Plansmith</title>');
  expect(html).toMatch(/<h1[^>]*>Walnut Bath<\/h1>/);
  expect(html).toContain('We are glad to build your new bath.');
  expect(html).toContain('Pro Builders');
  // One script, the island, inline: the app's come after the first paint, through it.
  expect(await onlyInlineScript(response)).toContain('data-app="/assets/');
  expect(html).not.toContain('zod-config.js');
  expect(html).not.toContain('rel="modulepreload"');
});

test('another user, a visitor and an unknown address get no proposal content', async ({
  page,
  browser,
  signUp,
  signUpIn,
}) => {
  await signUp(uniqueEmail('ssr-owner'), 'Olive Owner');
  const id = await createProposal(page);

  const otherContext = await browser.newContext();
  const anonymousContext = await browser.newContext();
  try {
    const other = await otherContext.newPage();
    await signUpIn(other, uniqueEmail('ssr-other'), 'Otto Other');
    expect((await other.request.get(`/api/proposal/${id}`)).status()).toBe(404);

    const anonymous = await anonymousContext.newPage();
    const replies = [
      await other.request.get(`/proposal/${id}/`),
      await anonymous.request.get(`/proposal/${id}/`),
      await page.request.get('/proposal/00000000-0000-4000-8000-000000000000/'),
    ];
    for (const reply of replies) {
      const html = await reply.text();
      expect(html).not.toContain('Walnut Bath');
      expect(html).not.toContain('Pro Builders');
      expect(html).not.toContain('data-server-rendered');
      expect(html).toContain('<div id="root"></div>');
    }
    // The app then shows the reader what the API answers them.
    await other.goto(`/proposal/${id}/`);
    await expect(other).toHaveURL(/\/private\//);
  } finally {
    await otherContext.close();
    await anonymousContext.close();
  }
});

test(
  'the first screen shows before any script runs, and works once the app has taken over',
  { tag: '@mobile' },
  async ({ page, browser, signUp }) => {
    await signUp(uniqueEmail('ssr-read'), 'Rita Reader');
    const id = await createProposal(page);

    await withoutScript(browser, page, async (still) => {
      await still.goto(`/proposal/${id}/`);
      await expect(still.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toBeVisible();
      await expect(still.getByText('We are glad to build your new bath.')).toBeVisible();
      await expect(still.getByRole('link', { name: 'Plan' }).first()).toBeVisible();
    });

    // axe runs as a script in the page: the page as the server sent it, the island held back.
    await asServerSent(browser, page, async (asSent) => {
      await asSent.goto(`/proposal/${id}/`);
      await expect(asSent.locator('[data-server-rendered]')).toHaveCount(1);
      await expect(asSent.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toBeVisible();
      await expectNoAxeViolations(asSent, "the viewer's first screen as the server sends it");
    });

    await page.goto(`/proposal/${id}/`);
    // One copy for everyone, before and after the takeover.
    await expect(page.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toHaveCount(1);
    await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toBeVisible();
    // The rest of the document follows, and its parts answer the keyboard.
    const group = page.getByRole('button', { name: /Demolition/ });
    await expect(group).toBeVisible();
    await group.focus();
    await page.keyboard.press('Enter');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(page.getByText('Remove the old tub')).toBeVisible();
  },
);

test("times are written in the reader's time zone, never the server's", async ({
  page,
  browser,
  signUp,
}) => {
  await signUp(uniqueEmail('ssr-zone'), 'Zoe Zone');
  const id = await createProposal(page);
  const reply = await page.request.get(`/api/proposal/${id}`);
  const { date } = (await reply.json()) as { date: number };
  const zone = 'America/New_York';
  const inZone = (ms: number) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      month: 'short',
      day: 'numeric',
      year: 'numeric',
    }).format(ms);

  const reader = await sameReader(browser, page, { timezoneId: zone });
  const noScript = await sameReader(browser, page, { timezoneId: zone, javaScriptEnabled: false });
  try {
    // As the server sends it: the dates keep their place, unseen, until the app writes them.
    const still = await noScript.newPage();
    await still.goto(`/proposal/${id}/`);
    await expect(still.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toBeVisible();
    const serverDates = still.locator('#welcome time');
    await expect(serverDates).toHaveCount(1);
    await expect(serverDates).toBeHidden();
    await expect(still.getByText('Created', { exact: true })).toBeVisible();
    await expect(still.locator('[aria-labelledby="activity-title"] time')).toBeHidden();

    const live = await reader.newPage();
    await live.goto(`/proposal/${id}/`);
    await expect(live.locator('[data-server-rendered]')).toHaveCount(0);
    await expect(live.locator('#welcome time')).toBeVisible();
    await expect(live.locator('#welcome time')).toHaveText(inZone(date));
    await expect(live.locator('[aria-labelledby="activity-title"] time')).toBeVisible();
  } finally {
    await reader.close();
    await noScript.close();
  }
});

test('Send, PDF and Sign pressed before the app has taken over still go to their pages', async ({
  page,
  browser,
  signUp,
}) => {
  await signUp(uniqueEmail('ssr-early'), 'Eli Early');
  const unsent = await createProposal(page);
  const sent = await createProposal(page);
  await sentTo(page.request, sent, { email: uniqueEmail('ssr-early-home'), name: 'Hal' });
  // The page as the server sent it, its script not loaded yet (here: never): the buttons work.
  await asServerSent(browser, page, async (asSent) => {
    const bar = asSent.getByRole('region', { name: 'Proposal actions' });
    await asSent.goto(`/proposal/${unsent}/`);
    await bar.getByRole('button', { name: 'Send', exact: true }).click();
    // Once the page there has its app, the form's empty query ('?') is gone from the address.
    await expect(asSent).toHaveURL(new RegExp(`/proposal/send/${unsent}/$`));

    // PDF opens the printable page in a tab of its own, as it does from the app.
    await asSent.goto(`/proposal/${sent}/`);
    const printTab = asSent.context().waitForEvent('page');
    await bar.getByRole('button', { name: 'PDF', exact: true }).click();
    const printed = await printTab;
    await expect(printed).toHaveURL(new RegExp(`/print/${sent}/$`));
    await expect(printed.getByRole('heading', { level: 1, name: 'Walnut Bath' })).toBeVisible();
    await expect(asSent).toHaveURL(new RegExp(`/proposal/${sent}/$`));
    await printed.close();

    await bar.getByRole('button', { name: 'Sign', exact: true }).click();
    await expect(asSent).toHaveURL(new RegExp(`/proposal/sign/${sent}/`));
    await expect(asSent.getByRole('dialog', { name: 'Sign as Contractor' })).toBeVisible();
    await expect(asSent).toHaveURL(new RegExp(`/proposal/sign/${sent}/$`));
  });
});

test('an address typed into the invite box before the app came is still there after', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('ssr-typed'), 'Tia Typed');
  // No cover: the Big Picture, with the owner's invite box, is on the first screen.
  const created = await page.request.post('/api/proposal', {
    data: {
      ...PROPOSAL,
      sectionVisibility: {
        cover: false,
        welcome: true,
        bigpicture: true,
        plan: true,
        shoppinglist: true,
        contract: true,
      },
    },
  });
  expect(created.status()).toBe(201);
  const id = await created.text();
  const { release } = await holdScript(page, APP_ENTRY);
  await page.goto(`/proposal/${id}/`);
  await expect(page.locator('[data-server-rendered]')).toHaveCount(1);
  const box = page.getByLabel('Invite users to this proposal');
  await box.fill('ada@example.com');
  release();
  await expect(page.locator('[data-server-rendered]')).toHaveCount(0);
  await expect(box).toHaveValue('ada@example.com');
  await expect(page.getByRole('button', { name: 'Send invitation' })).toBeEnabled();
});

import type { Page } from '@playwright/test';
import { loadAppSecret } from '../../src/server/config/app-secret';
import {
  commentEmailsKey,
  signCommentEmails,
} from '../../src/server/selections/comment-emails-link';
import { expectNoAxeViolations } from './support/axe';
import { runCli } from './support/cli';
import { openedFromMail } from './support/contexts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, toChoose } from './support/proposals';
import { reviewShot } from './support/review-shot';
import { APP_ENTRY, holdScript, takenOver } from './support/takeover';

/*
 * Decision 0097: signed in, the owner and each member turn the comment e-mails of a proposal off
 * and on from its shop page. The switch is rendered with the page (by the server too), saves at
 * once, says so, and the e-mail's own link page agrees with it.
 */

const LABEL = 'E-mail me new comments on this proposal';

/** The link a digest to `userId` about `proposalId` carries, made with the server's secret. */
function linkFor(proposalId: string, userId: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through `playwright test`.');
  const secret = loadAppSecret({ appSecret: process.env.APP_SECRET, dataDir });
  return `/comment-emails/${signCommentEmails(commentEmailsKey(secret), proposalId, userId)}/`;
}

async function myId(page: Page): Promise<string> {
  const me = (await (await page.request.get('/api/authorization/me')).json()) as {
    user: { _id: string };
  };
  return me.user._id;
}

const kitchen = (page: Page) =>
  createdProposal(page.request, {
    projectName: 'Ng Kitchen Remodel',
    companyName: 'Contreras Remodeling',
    name: 'Carla Contreras',
    costGroups: [{ name: 'Kitchens', values: [toChoose('Kitchen faucet', '450')] }],
  });

const emailSwitch = (page: Page) => page.getByRole('checkbox', { name: LABEL });
const saved = (page: Page) => page.getByRole('status').filter({ hasText: 'Saved' });

/**
 * On `shop` (the person's shop page of `id`): off with the keyboard, off after a reload, the
 * e-mail's link page says they are stopped, then on again with a click.
 */
async function offAndOnAgain(page: Page, shop: string, id: string, shot: string) {
  await page.goto(shop);
  await takenOver(page);
  const box = emailSwitch(page);
  await expect(box).toBeChecked();
  await expect(box).toHaveAccessibleDescription('At most one e-mail every 10 minutes.');
  await expectNoAxeViolations(page, `${shot}: comment e-mails on`);

  await box.focus();
  await page.keyboard.press('Space');
  await expect(box).not.toBeChecked();
  await expect(saved(page)).toHaveText('Saved: no more e-mails about comments on this proposal.');
  await expect(box).toBeFocused();
  await reviewShot(page, `${shot}-off`);
  await expectNoAxeViolations(page, `${shot}: comment e-mails turned off`);

  await page.reload();
  await expect(emailSwitch(page)).not.toBeChecked();

  await page.goto(linkFor(id, await myId(page)));
  await expect(page.getByRole('heading', { name: 'Comment e-mails stopped' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn them back on' })).toBeVisible();

  await page.goto(shop);
  await takenOver(page);
  await emailSwitch(page).click();
  await expect(emailSwitch(page)).toBeChecked();
  await expect(saved(page)).toHaveText('Saved: we will e-mail you new comments on this proposal.');
  await reviewShot(page, `${shot}-on`);
  await page.reload();
  await expect(emailSwitch(page)).toBeChecked();
  const setting = await page.request.get(`/api/proposal/${id}/comment-emails`);
  expect(await setting.json()).toMatchObject({ receiving: true });
}

test(
  'the owner and an invited member turn comment e-mails off and on from the shop page',
  { tag: '@mobile' },
  async ({ page, browser, mailbox, signUp }) => {
    await signUp(uniqueEmail('carla'), 'Carla Contreras');
    const id = await kitchen(page);
    await offAndOnAgain(page, `/proposal/${id}/selections/`, id, 'shop-comment-emails-owner');

    const designer = uniqueEmail('dora');
    const since = Date.now();
    const invited = await page.request.post(`/api/proposal/${id}/invite`, {
      data: { inviteeEmail: designer },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    await openedFromMail(
      browser,
      mailbox,
      { to: designer, since },
      async (dora) => {
        await expect(dora).toHaveURL(new RegExp(`/proposal/received/${id}/$`));
        await offAndOnAgain(
          dora,
          `/proposal/received/${id}/selections/`,
          id,
          'shop-comment-emails-member',
        );
      },
      { viewport: page.viewportSize() },
    );
  },
);

test(
  'a save that fails says so and shows the setting as stored; a lost answer of a save is saved',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('carla'), 'Carla Contreras');
    const id = await kitchen(page);
    const put = new RegExp(`/api/proposal/${id}/comment-emails$`);
    await page.route(put, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal error' } })
        : route.fallback(),
    );
    await page.goto(`/proposal/${id}/selections/`);
    await takenOver(page);
    await emailSwitch(page).click();
    await expect(page.getByRole('alert')).toHaveText(
      'Your change was not saved. Please try again. You still get e-mails about new comments here.',
    );
    await expect(emailSwitch(page)).toBeChecked();
    await reviewShot(page, 'shop-comment-emails-failed');
    await expectNoAxeViolations(page, 'comment e-mails: a failed save');

    // The server stored it but its answer never came: the switch reads it again and says saved.
    await page.unroute(put);
    await page.route(put, async (route) => {
      if (route.request().method() !== 'PUT') return route.fallback();
      await route.fetch();
      await route.abort('connectionreset');
    });
    await emailSwitch(page).click();
    await expect(saved(page)).toContainText('Saved');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await expect(emailSwitch(page)).not.toBeChecked();
    const setting = await page.request.get(`/api/proposal/${id}/comment-emails`);
    expect(await setting.json()).toMatchObject({ receiving: false });
  },
);

test('the server renders the switch in place, and one pressed before the app came is saved', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('carla'), 'Carla Contreras');
  const id = await kitchen(page);
  const { release } = await holdScript(page, APP_ENTRY);
  await page.goto(`/proposal/${id}/selections/`, { waitUntil: 'domcontentloaded' });
  await expect(page.locator('[data-server-rendered]')).toHaveCount(1);
  const box = emailSwitch(page);
  await expect(box).toBeChecked();
  const before = await box.boundingBox();
  await box.click();
  release();
  await takenOver(page);
  // The app's switch is where the server's was, and has the press carried over and saved.
  expect(await emailSwitch(page).boundingBox()).toEqual(before);
  await expect(saved(page)).toContainText('Saved');
  await expect(emailSwitch(page)).not.toBeChecked();
});

test('a public reader and a logged-out visitor have no switch', async ({
  page,
  browser,
  signUp,
}) => {
  const carla = uniqueEmail('carla');
  await signUp(carla, 'Carla Contreras');
  // Publishing needs the reassign permission, which only the operators' CLI grants.
  expect(await runCli('grant-reassign', carla)).toContain('granted');
  const id = await kitchen(page);
  const shared = await page.request.post('/api/proposal/toggleVisibility', { data: { id } });
  expect(shared.ok(), await shared.text()).toBe(true);
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    const visitor = await context.newPage();
    await visitor.goto(`/proposal/${id}/selections/`);
    await expect(
      visitor.getByRole('heading', { level: 1, name: 'Ng Kitchen Remodel' }),
    ).toBeVisible();
    await expect(visitor.getByText('Warning: Your selections will not save')).toBeVisible();
    await expect(emailSwitch(visitor)).toHaveCount(0);
  } finally {
    await context.close();
  }
});

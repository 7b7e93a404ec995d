import type { Browser, Page } from '@playwright/test';
import { loadAppSecret } from '../../src/server/config/app-secret';
import {
  commentEmailsKey,
  signCommentEmails,
} from '../../src/server/selections/comment-emails-link';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, toChoose } from './support/proposals';
import { reviewShot } from './support/review-shot';

/*
 * Decision 0097: the page of the link in each comment e-mail. Opened without a session, it says
 * what it will do and changes nothing until its button is pressed; then it says it is done and
 * offers to turn them back on.
 */

/** The link a digest to `userId` about `proposalId` carries, made with the server's secret. */
function linkFor(proposalId: string, userId: string): string {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run through `playwright test`.');
  const secret = loadAppSecret({ appSecret: process.env.APP_SECRET, dataDir });
  return `/comment-emails/${signCommentEmails(commentEmailsKey(secret), proposalId, userId)}/`;
}

/** A page of a context with no session (as a mail app opens a link), at `page`'s size. */
async function signedOut(browser: Browser, page: Page): Promise<Page> {
  const context = await browser.newContext({
    baseURL: process.env.E2E_BASE_URL,
    viewport: page.viewportSize(),
  });
  return context.newPage();
}

test(
  'the e-mail link asks before it stops comment e-mails, and turns them back on',
  { tag: '@mobile' },
  async ({ page, browser, signUp }) => {
    await signUp(uniqueEmail('carla'), 'Carla Contreras');
    const id = await createdProposal(page.request, {
      projectName: 'Ng Kitchen Remodel',
      companyName: 'Contreras Remodeling',
      name: 'Carla Contreras',
      costGroups: [{ name: 'Kitchens', values: [toChoose('Kitchen faucet', '450')] }],
    });
    const me = (await (await page.request.get('/api/authorization/me')).json()) as {
      user: { _id: string };
    };
    const setting = async () =>
      (
        (await (await page.request.get(`/api/proposal/${id}/comment-emails`)).json()) as {
          receiving: boolean;
        }
      ).receiving;

    const link = await signedOut(browser, page);
    try {
      await link.goto(linkFor(id, me.user._id));
      const ask = link.getByRole('heading', {
        name: 'Stop e-mails about comments on Ng Kitchen Remodel?',
      });
      await expect(ask).toBeVisible();
      await expect(link.getByText('you still read and answer comments')).toBeVisible();
      await expectNoAxeViolations(link, 'comment e-mails: asked');
      await reviewShot(link, 'comment-emails-ask');
      // Opening the page stopped nothing.
      expect(await setting()).toBe(true);

      const stop = link.getByRole('button', { name: 'Stop these e-mails' });
      await stop.focus();
      await link.keyboard.press('Enter');
      const stopped = link.getByRole('heading', { name: 'Comment e-mails stopped' });
      await expect(stopped).toBeFocused();
      await expect(
        link.getByText('You get no more e-mails about comments on Ng Kitchen Remodel.'),
      ).toBeVisible();
      await expectNoAxeViolations(link, 'comment e-mails: stopped');
      await reviewShot(link, 'comment-emails-stopped');
      await expect.poll(setting).toBe(false);

      await link.getByRole('button', { name: 'Turn them back on' }).click();
      await expect(ask).toBeFocused();
      await expect(link.getByText('They are on again.')).toBeVisible();
      await expect.poll(setting).toBe(true);

      // A link cut short in the copying says it does nothing, and why.
      await link.goto('/comment-emails/not-a-link/');
      await expect(link.getByRole('heading', { name: 'This link changes nothing' })).toBeVisible();
      await expect(link.getByText('This link is not valid.')).toBeVisible();
      await expectNoAxeViolations(link, 'comment e-mails: invalid link');
      await reviewShot(link, 'comment-emails-invalid');
    } finally {
      await link.context().close();
    }
  },
);

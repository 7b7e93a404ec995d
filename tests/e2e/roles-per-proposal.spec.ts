import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, sentTo } from './support/proposals';
import { reviewShot } from './support/review-shot';
import { signAs } from './support/signature-pad';

/*
 * Decision 0093: what a person does with a proposal comes from their relation to it, not their
 * account. Bo, a contractor, receives Ada's proposal: his dashboard holds his own proposal, which
 * opens as his, and Ada's, which opens as its homeowner's; he signs it in the homeowner block.
 * Ada cannot send her proposal to her own address, and the send form says why.
 */

test(
  "a contractor receives another contractor's proposal and signs it as its homeowner",
  { tag: '@mobile' },
  async ({ page, browser, signUp, signUpIn, mailbox }) => {
    const adaEmail = uniqueEmail('ada');
    await signUp(adaEmail, 'Ada Builds');
    const context = await browser.newContext({ viewport: page.viewportSize() });
    try {
      const bo = await context.newPage();
      const boEmail = uniqueEmail('bo');
      await signUpIn(bo, boEmail, 'Bo Subs');
      const own = await createdProposal(bo.request, {
        projectName: 'Bo Deck Rebuild',
        companyName: 'Bo Subs',
      });
      const received = await createdProposal(page.request, {
        projectName: 'Ada Office Fit-out',
        companyName: 'Ada Builds',
        name: 'Ada Builds',
        costGroups: [{ name: 'Framing', values: [{ name: 'Studs', rawCost: '900' }] }],
      });

      // The owner cannot be the homeowner of her own proposal: the form says so.
      await page.goto(`/proposal/send/${received}/`);
      await page.getByLabel('Client email').fill(adaEmail);
      await page.getByLabel('Client name').fill('Ada');
      await page.getByRole('button', { name: 'Send to Homeowner' }).click();
      await expect(page.getByRole('alert')).toHaveText(
        'This is your own address. Send the proposal to your client: you cannot be the homeowner of your own proposal.',
      );
      await reviewShot(page, 'roles-send-to-self');
      await expectNoAxeViolations(page, 'the send form refusing the owner’s own address');

      const since = await sentTo(page.request, received, { email: boEmail, name: 'Bo Subs' });
      await mailbox.waitFor(boEmail, { since });

      // Bo's dashboard: his own proposal opens as his, Ada's as the one he received.
      await bo.goto('/dashboard/');
      const ownRow = bo.getByRole('link', { name: /Bo Deck Rebuild/ });
      const receivedRow = bo.getByRole('link', { name: /Ada Office Fit-out/ });
      await expect(ownRow).toHaveAttribute('href', `/proposal/${own}/`);
      await expect(receivedRow).toHaveAttribute('href', `/proposal/received/${received}/`);
      // Options are for his own proposals only.
      await expect(bo.getByRole('button', { name: /^Options for Bo Deck Rebuild/ })).toBeVisible();
      await expect(bo.getByRole('button', { name: /^Options for Ada Office Fit-out/ })).toHaveCount(
        0,
      );
      await expect(
        bo.getByRole('main').getByRole('link', { name: 'Create New Proposal' }),
      ).toBeVisible();
      await reviewShot(bo, 'roles-dashboard');
      await expectNoAxeViolations(bo, 'the dashboard of a contractor who received a proposal');

      await ownRow.click();
      await expect(bo).toHaveURL(new RegExp(`/proposal/${own}/$`));
      const ownBar = bo.getByRole('region', { name: 'Proposal actions' });
      await expect(ownBar.getByRole('button', { name: 'Send', exact: true })).toBeVisible();

      await bo.goto('/dashboard/');
      await receivedRow.click();
      await expect(bo).toHaveURL(new RegExp(`/proposal/received/${received}/$`));
      await expect(bo.getByRole('heading', { level: 1, name: 'Ada Office Fit-out' })).toBeVisible();
      const bar = bo.getByRole('region', { name: 'Proposal actions' });
      await expect(bar.getByRole('button', { name: 'Sign', exact: true })).toBeVisible();
      // Not his to edit or send.
      await expect(bo.getByRole('link', { name: 'Edit', exact: true })).toHaveCount(0);
      await expect(bar.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
      await reviewShot(bo, 'roles-received-view');
      await expectNoAxeViolations(bo, 'a contractor’s received view');

      await signAs(bo, 'Homeowner');
      await reviewShot(bo, 'roles-signed');
      await bo.goto(`/proposal/received/${received}/`);
      await expect(bar.getByText(/^Awaiting Ada Builds signature$/)).toBeVisible();

      // Ada's own view of the received path is not hers: it sends her on, as before.
      await page.goto(`/proposal/received/${received}/`);
      await expect(page).toHaveURL(/\/dashboard\/$/);
    } finally {
      await context.close();
    }
  },
);

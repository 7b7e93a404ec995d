import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { signAs } from './support/signature-pad';
import { createdProposal, sentTo } from './support/proposals';
import { openedFromMail } from './support/contexts';

/*
 * Decision 0009 end to end: the contractor's signature is withdrawn only by an edit they confirm
 * (and the homeowner then sees none), a homeowner-signed proposal refuses edits, signed proposals
 * are archived from the dashboard rather than deleted, and the owner reads the proposal's activity.
 */

/** A proposal created and sent through the API; answers its id and the send time. */
async function sentProposal(page: Page, projectName: string, homeownerEmail: string) {
  const id = await createdProposal(page.request, {
    projectName,
    companyName: 'Lane Builders',
    contract: 'Work is done in a workmanlike manner.',
    costGroups: [{ name: 'Flooring', values: [{ name: 'Oak boards', rawCost: '2400' }] }],
  });
  const since = await sentTo(page.request, id, { email: homeownerEmail, name: 'Robin Home' });
  return { id, since };
}

test(
  'editing after the contractor signed withdraws the signature; the homeowner then sees none',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    // Two browsers, four signatures and an edit: more steps than the default limit is sized for.
    test.slow();
    const contractorEmail = uniqueEmail('lane');
    const homeownerEmail = uniqueEmail('robin');
    await signUp(contractorEmail, 'Lee Lane');
    const { id, since } = await sentProposal(page, 'Oak Floors', homeownerEmail);

    await openedFromMail(
      browser,
      mailbox,
      { to: homeownerEmail, since },
      async (home) => {
        await expect(home).toHaveURL(new RegExp(`/proposal/received/${id}/$`));
        await expect(home.getByRole('heading', { name: 'Oak Floors' })).toBeVisible();

        // The contractor signs; the homeowner sees the signature.
        await page.goto(`/proposal/${id}/`);
        await signAs(page, 'Contractor');
        await home.reload();
        const homeContractorBlock = home.getByRole('region', { name: 'Contractor signature' });
        await expect(homeContractorBlock.getByRole('img')).toBeVisible();

        // Editing asks first, then the save withdraws the signature.
        await page.goto(`/proposal/edit/${id}/`);
        await expect(
          page.getByRole('heading', { name: 'You have signed this proposal' }),
        ).toBeVisible();
        await reviewShot(page, 'lifecycle-edit-signed-notice');
        const editedAt = Date.now();
        await page.getByRole('button', { name: 'Edit and withdraw my signature' }).click();
        await page.getByLabel('Project name').fill('Oak Floors and Stairs');
        await page.getByRole('button', { name: 'Update Proposal' }).click();
        await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
        const actions = page.getByRole('region', { name: 'Proposal actions' });
        await expect(actions.getByRole('button', { name: 'Sign again' })).toBeVisible();
        const activity = page.getByRole('region', { name: 'Activity' });
        await expect(activity).toContainText(`Sent to ${homeownerEmail}`);
        await expect(activity).toContainText('Opened by');
        await expect(activity).toContainText('Signed by Lee Lane (the contractor)');
        await expect(activity).toContainText('Signature of the contractor withdrawn by an edit');
        // 'MMM Do YYYY, h:mm A'
        await expect(activity.locator('time').first()).toHaveText(
          /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th) \d{4}, \d{1,2}:\d{2} (AM|PM)$/,
        );
        await reviewShot(page, 'lifecycle-viewer-activity');
        const mail = await mailbox.waitFor(contractorEmail, {
          since: editedAt,
          subject: /withdrawn/,
        });
        expect(mail.subject).toBe(
          'Your signature on the proposal for Oak Floors and Stairs was withdrawn',
        );
        // The homeowner, who was reading the signed text, is told as well.
        const told = await mailbox.waitFor(homeownerEmail, { since: editedAt, subject: /changed/ });
        expect(told.subject).toBe('Lane Builders changed the proposal for Oak Floors and Stairs');

        // The homeowner sees the change and no contractor signature, and no activity list.
        await home.reload();
        await expect(home.getByRole('heading', { name: 'Oak Floors and Stairs' })).toBeVisible();
        await expect(homeContractorBlock.getByRole('img')).toHaveCount(0);
        await expect(homeContractorBlock).toContainText('Not signed yet');
        await expect(home.getByRole('region', { name: 'Activity' })).toHaveCount(0);
        // Their signing log keeps that the contractor signed, and when it was withdrawn.
        await home.goto(`/proposal/log/${id}/`);
        const withdrawn = home.getByRole('region', { name: 'Withdrawn signatures' });
        await expect(withdrawn).toContainText('Lee Lane');
        await expect(withdrawn).toContainText(/Withdrawn at.*by an edit/);
        await reviewShot(home, 'lifecycle-log-withdrawn');
        await home.goto(`/proposal/received/${id}/`);

        // Both sign; then the proposal refuses edits.
        await signAs(home, 'Homeowner');
        await page.goto(`/proposal/${id}/`);
        await signAs(page, 'Contractor');
        await page.goto(`/proposal/edit/${id}/`);
        await expect(page.getByRole('heading', { name: 'Editing is closed' })).toBeVisible();
        await expect(page.getByLabel('Project name')).toHaveCount(0);
      },
      { viewport: page.viewportSize() },
    );
  },
);

test(
  'a signed proposal is archived from the dashboard, not deleted, and can come back',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('arch'), 'Avery Arch');
    const { id } = await sentProposal(page, 'Cedar Porch', uniqueEmail('porch'));
    await page.goto(`/proposal/${id}/`);
    await signAs(page, 'Contractor');

    await page.goto('/dashboard/');
    await page.getByRole('button', { name: 'Options for Cedar Porch' }).click();
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await reviewShot(page, 'lifecycle-dashboard-archive-menu');
    await page.getByRole('menuitem', { name: 'Archive' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Archive this signed proposal?' });
    await expect(confirm).toContainText('the homeowner keeps it and its signing log');
    await reviewShot(page, 'lifecycle-dashboard-archive-confirm');
    await confirm.getByRole('button', { name: 'Archive' }).click();
    await expect(page.getByText('“Cedar Porch” was archived.')).toBeVisible();
    await expect(page.getByRole('link', { name: /Cedar Porch/ })).toHaveCount(0);
    // The dialog closed once the row had gone: focus is on the list, not lost with the row.
    await expect(page.locator('#proposal-list-title')).toBeFocused();

    await page.getByRole('link', { name: 'Archived proposals' }).click();
    await expect(page.getByRole('heading', { name: 'Archived proposals' })).toBeVisible();
    await expect(page.getByRole('link', { name: /Cedar Porch/ })).toBeVisible();
    await reviewShot(page, 'lifecycle-dashboard-archived-list');
    await page.getByRole('button', { name: 'Options for Cedar Porch' }).click();
    await page.getByRole('menuitem', { name: 'Unarchive' }).click();
    await page
      .getByRole('alertdialog', { name: 'Show this proposal on your dashboard again?' })
      .getByRole('button', { name: 'Unarchive' })
      .click();
    await expect(page.getByRole('link', { name: /Cedar Porch/ })).toHaveCount(0);
    await expect(page.locator('#proposal-list-title')).toBeFocused();
    await page.getByRole('link', { name: 'Back to your proposals' }).click();
    await expect(page.getByRole('link', { name: /Cedar Porch/ })).toBeVisible();

    // The API refuses the delete the menu no longer offers.
    const del = await page.request.post('/api/proposal/delete', { data: { id } });
    expect(del.status()).toBe(409);
  },
);

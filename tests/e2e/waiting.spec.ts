import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { signAs } from './support/signature-pad';
import { createdProposal } from './support/proposals';
import { openedFromMail } from './support/contexts';

/*
 * Issue 19 "Who is waiting" (decision 0019): the dashboard keeps the spec's label and says beside
 * it whose signature is awaited, for the contractor and for the homeowner; the page after sending
 * says to whom and when.
 */

const DATE = String.raw`[A-Z][a-z]{2} \d{1,2}, \d{4}`;

test(
  'the dashboards say whose signature is awaited, from sending to signing',
  { tag: '@mobile' },
  async ({ page, browser, signUp, mailbox }) => {
    const homeownerEmail = uniqueEmail('home');
    await signUp(uniqueEmail('pro'), 'Parker Pro');
    const id = await createdProposal(page.request, {
      projectName: 'Cedar Kitchen',
      companyName: 'Pro Builders',
      name: 'Parker Pro',
      contract: 'The work is done in a workmanlike manner.',
    });

    // Before sending: the label alone.
    await page.goto('/dashboard/');
    const row = page.getByRole('link', { name: /Cedar Kitchen/ });
    await expect(row).toContainText('Created');
    await expect(row).not.toContainText('Awaiting');

    // Sending says to whom and when.
    await page.goto(`/proposal/send/${id}/`);
    await page.getByLabel('Client email').fill(homeownerEmail);
    await page.getByLabel('Client name').fill('Harper Home');
    const sentAt = Date.now();
    await page.getByRole('button', { name: 'Send to Homeowner' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/sign/${id}/$`));
    await expect(page.getByRole('status')).toHaveText(
      new RegExp(`^Sent to Harper Home \\(${homeownerEmail.toLowerCase()}\\) on ${DATE}\\.$`),
    );
    await reviewShot(page, 'sent-notice');

    // The contractor's dashboard: Sent, awaiting the homeowner, who has not opened it yet.
    await page.goto('/dashboard/');
    await expect(row).toContainText('Sent');
    await expect(row).toContainText("Awaiting Harper Home's signature · Not opened yet");
    await reviewShot(page, 'contractor-sent-not-opened');

    await openedFromMail(
      browser,
      mailbox,
      { to: homeownerEmail, since: sentAt },
      async (home) => {
        await expect(home.getByRole('heading', { name: 'Cedar Kitchen' }).first()).toBeVisible();

        // Opened: the contractor no longer reads "Not opened yet".
        await page.reload();
        await expect(row).toContainText("Awaiting Harper Home's signature");
        await expect(row).not.toContainText('Not opened yet');
        await reviewShot(page, 'contractor-sent-opened');

        // The homeowner's dashboard asks for their signature.
        await home.goto('/dashboard/');
        const homeRow = home.getByRole('link', { name: /Cedar Kitchen/ });
        await expect(homeRow).toContainText('Sent');
        await expect(homeRow).toContainText('Awaiting your signature');
        await reviewShot(home, 'homeowner-to-sign');

        // The homeowner signs.
        await home.goto(`/proposal/received/${id}/`);
        await signAs(home, 'Homeowner');

        // The homeowner now waits for the contractor, named as on the proposal.
        await home.goto('/dashboard/');
        await expect(homeRow).toContainText("Awaiting Parker Pro's signature");
        await reviewShot(home, 'homeowner-signed');
      },
      { viewport: page.viewportSize() },
    );

    // The contractor keeps the spec's label and learns the homeowner signed.
    await page.reload();
    await expect(row).toContainText('Sent');
    await expect(row).toContainText(
      new RegExp(`Homeowner signed ${DATE} · awaiting your signature`),
    );
    await reviewShot(page, 'contractor-to-sign');
  },
);

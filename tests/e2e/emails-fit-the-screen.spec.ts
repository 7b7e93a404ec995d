import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, sentTo } from './support/proposals';
import { reviewShot } from './support/review-shot';

/*
 * The e-mails with a link, as a phone's mail app lays them out (review 27, finding 7): the HTML
 * the server sent through SMTP, opened in the browser at the page's width. The pasted link is
 * one long word; it must wrap instead of widening the message past the screen (decision 0090).
 * Tagged @mobile: it runs at 375 px, and at 1280 px where the same must hold.
 */

/** How far the message is wider than the window, in CSS pixels (0: it fits). */
async function overflowOf(page: Page, html: string): Promise<number> {
  await page.setContent(html);
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

test(
  'the sign-in, proposal and invitation e-mails fit the screen',
  { tag: '@mobile' },
  async ({ page, mailbox, signUp }) => {
    const contractor = uniqueEmail('mail-width');
    const since = Date.now();
    await signUp(contractor, 'Carla Contreras');
    const signUpMail = await mailbox.waitFor(contractor, { since });

    const id = await createdProposal(page.request, {
      projectName: 'Ng Kitchen Remodel',
      companyName: 'Contreras Remodeling',
      name: 'Carla Contreras',
      phoneNumber: '(555) 010-0199',
      contract: 'Payment is due on completion.',
    });
    const homeowner = uniqueEmail('mail-width-home');
    const sentSince = await sentTo(page.request, id, { email: homeowner, name: 'Hana Ng' });
    const sent = await mailbox.waitFor(homeowner, { since: sentSince });
    const designer = uniqueEmail('mail-width-designer');
    const inviteSince = Date.now();
    const invited = await page.request.post(`/api/proposal/${id}/invite`, {
      data: { inviteeEmail: designer },
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const invitation = await mailbox.waitFor(designer, { since: inviteSince });

    for (const mail of [signUpMail, invitation, sent]) {
      expect(await overflowOf(page, mail.html), mail.subject).toBe(0);
      await expect(page, mail.subject).toHaveTitle(mail.subject);
      const viewport = page.locator('meta[name="viewport"]');
      await expect(viewport).toHaveAttribute('content', 'width=device-width, initial-scale=1');
    }
    // The proposal e-mail is left open for the screenshot: its link, note and footer.
    await expect(page.getByText('Reply to this email to write to Carla Contreras.')).toBeVisible();
    // The text under the button does not sit on it.
    const button = await page.getByRole('link', { name: 'View your proposal' }).boundingBox();
    const below = await page.getByText(/^The button signs you in/).boundingBox();
    expect((below?.y ?? 0) - ((button?.y ?? 0) + (button?.height ?? 0))).toBeGreaterThan(12);
    await reviewShot(page, 'email-proposal-sent', { fullPage: true });
  },
);

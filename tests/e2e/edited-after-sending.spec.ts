import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { createdProposal, labor, receivedByHomeowner, toChoose } from './support/proposals';

/*
 * Review 26, finding 3 (decision 0085): the contractor raises a price after sending. The owner's
 * Activity says who edited it and when, and the homeowner's view says it was updated after it
 * was sent to them; before the edit it says nothing.
 */

/** 'MMM Do YYYY, h:mm A', the viewer's event dates. */
const EVENT_DATE = '[A-Z][a-z]{2} \\d{1,2}(st|nd|rd|th) \\d{4}, \\d{1,2}:\\d{2} (AM|PM)';

test(
  'an edit after sending shows in the owner’s Activity and as a notice on the homeowner’s view',
  { tag: '@mobile' },
  async ({ page, browser, mailbox, signUp }) => {
    await signUp(uniqueEmail('edit-pro'), 'Cass Cedar');
    const id = await createdProposal(page.request, {
      projectName: 'Cedar Kitchen',
      companyName: 'Cedar Builders',
      costGroups: [
        {
          name: 'Kitchen',
          values: [toChoose('Refrigerator', '2899'), labor('Install cabinets', '1200')],
        },
      ],
    });
    const homeowner = { email: uniqueEmail('edit-home'), name: 'Hana Reyes' };

    await receivedByHomeowner({ browser, mailbox, page }, id, homeowner, async (home) => {
      await expect(home.getByRole('heading', { name: 'Cedar Kitchen' }).first()).toBeVisible();
      // As sent: nothing to read again.
      await expect(home.getByText('after it was sent to you')).toHaveCount(0);

      // The contractor raises the refrigerator by $1,000.
      await page.goto(`/proposal/edit/${id}/`);
      if ((page.viewportSize()?.width ?? 0) < 770)
        await page.getByRole('button', { name: 'Details of Refrigerator' }).click();
      const cost = page.getByLabel('Cost of Refrigerator');
      await cost.fill('3899');
      await cost.press('Enter');
      await page.getByRole('button', { name: 'Update Proposal' }).click();
      await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));

      const activity = page.getByRole('region', { name: 'Activity' });
      const edited = activity.getByRole('listitem').filter({ hasText: 'Edited by' });
      await expect(edited).toHaveText(
        new RegExp(`^Edited by Cass Cedar \\(the contractor\\) ${EVENT_DATE}$`),
      );
      await expect(activity.getByRole('listitem')).toHaveText([
        /^Created /,
        new RegExp(`^Sent to ${homeowner.email.replace(/[.+]/g, '\\$&')} `),
        /^Opened by Hana Reyes /,
        /^Edited by /,
      ]);
      await expectNoAxeViolations(page, 'the owner’s activity with an edit');
      await page.evaluate(() => window.scrollTo(0, 0));
      await reviewShot(page, 'edited-owner-activity');

      // The homeowner, reading it later, is told it changed since it was sent.
      await home.reload();
      const notice = home.getByRole('status').filter({ hasText: 'after it was sent to you' });
      await expect(notice).toHaveText(
        new RegExp(`^Updated ${EVENT_DATE}, after it was sent to you\\.$`),
      );
      await expect(
        home.getByRole('table', { name: 'Budget by cost type' }).getByRole('row', {
          name: /^Total/,
        }),
      ).toContainText('$5,099.00');
      expect(await home.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
      await expectNoAxeViolations(home, 'the homeowner’s view with the updated notice');
      await reviewShot(home, 'edited-homeowner-notice');
    });
  },
);

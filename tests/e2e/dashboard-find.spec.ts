import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { openedFromMail } from './support/contexts';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, sentTo } from './support/proposals';
import { reviewShot } from './support/review-shot';

/*
 * Decision 0096: a contractor with many jobs finds one on the dashboard by search, status and
 * order, kept in the URL; a proposal edited since it was sent says so on its row, to its owner
 * only.
 */

const JOBS = [
  'Alder Street porch',
  'Birch kitchen',
  'Cedar bath',
  'Dogwood roof',
  'Elm basement',
  'Fir deck',
  'Ginkgo windows',
  'Hazel siding',
  'Ivy garage',
  'Juniper attic',
  'Kauri fence',
  'Larch patio',
  'Maple laundry',
  'Nutmeg pantry',
  'Oak stairs',
  'Pine closet',
];

/** Sixteen unsent jobs, then the Smiths' one sent and edited since: seventeen proposals. */
async function manyJobs(request: APIRequestContext, homeowner: { email: string; name: string }) {
  for (const projectName of JOBS) {
    await createdProposal(request, {
      projectName,
      companyName: 'Reyes Renovation',
      name: 'Rosa Reyes',
      projectAddress: `${JOBS.indexOf(projectName) + 10} Main St`,
    });
  }
  const smiths = await createdProposal(request, {
    projectName: 'Willow kitchen remodel',
    companyName: 'Reyes Renovation',
    name: 'Rosa Reyes',
    projectAddress: '42 Willow Lane',
  });
  const since = await sentTo(request, smiths, homeowner);
  const loaded = (await (await request.get(`/api/proposal/${smiths}`)).json()) as {
    version: number;
  };
  const saved = await request.put(`/api/proposal/${smiths}`, {
    data: {
      version: loaded.version,
      projectName: 'Willow kitchen remodel',
      companyName: 'Reyes Renovation',
      name: 'Rosa Reyes',
      projectAddress: '42 Willow Lane',
      introductoryNote: 'Updated with the new cabinet prices.',
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { smiths, since };
}

const rowLinks = (page: Page) => page.locator('[data-row-link]');
const results = (page: Page) => page.getByRole('search').getByRole('status');

test(
  'a contractor searches, filters and sorts the dashboard, kept in the URL',
  { tag: '@mobile' },
  async ({ page, browser, mailbox, signUp }) => {
    test.slow();
    await signUp(uniqueEmail('rosa'), 'Rosa Reyes');
    const homeowner = { email: uniqueEmail('smith'), name: 'Hana Smith' };
    // Nothing to find yet: no search box over the empty list's welcome.
    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { name: 'No proposals yet' })).toBeVisible();
    await expect(page.getByRole('search')).toHaveCount(0);
    const { since } = await manyJobs(page.request, homeowner);

    await page.goto('/dashboard/');
    await expect(results(page)).toHaveText('17 proposals');
    await expect(rowLinks(page)).toHaveCount(17);
    // Newest created first; the Smiths' proposal, edited since it was sent, says so.
    const willow = rowLinks(page).first();
    await expect(willow).toContainText('Willow kitchen remodel');
    await expect(willow).toContainText('Sent');
    await expect(willow.locator('[data-edited]')).toHaveText('Edited since sent · Resend');
    await expect(page.locator('[data-edited]')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - innerWidth)).toBe(0);
    await expectNoAxeViolations(page, 'the dashboard with seventeen proposals');
    await reviewShot(page, 'dashboard-find-all');

    // Search by the homeowner's name, as the contractor named them.
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.fill('smith');
    await expect(page).toHaveURL(/\/dashboard\/\?q=smith$/);
    await expect(results(page)).toHaveText('1 proposal found');
    await expect(rowLinks(page)).toHaveCount(1);
    await expect(rowLinks(page).first()).toContainText('Willow kitchen remodel');

    // By address, then by two words of the project name.
    await search.fill('main st');
    await expect(results(page)).toHaveText('16 proposals found');
    await search.fill('kitchen birch');
    await expect(results(page)).toHaveText('1 proposal found');
    await expect(rowLinks(page).first()).toContainText('Birch kitchen');

    // The status filter, on its own.
    await search.fill('');
    await expect(results(page)).toHaveText('17 proposals');
    const status = page.getByRole('combobox', { name: 'Status' });
    await status.selectOption({ label: 'Sent – awaiting signature' });
    await expect(page).toHaveURL(/status=awaiting/);
    await expect(results(page)).toHaveText('1 proposal found');
    await status.selectOption({ label: 'Not sent' });
    await expect(results(page)).toHaveText('16 proposals found');
    await status.selectOption({ label: 'Signed' });
    await expect(page.getByRole('heading', { name: 'No proposals match' })).toBeVisible();
    await expect(results(page)).toHaveText('No proposals found');
    await expectNoAxeViolations(page, 'the dashboard with nothing matching');
    await reviewShot(page, 'dashboard-find-none');
    await page.getByRole('button', { name: 'Clear search and filters' }).click();
    await expect(page).toHaveURL(/\/dashboard\/$/);
    await expect(results(page)).toHaveText('17 proposals');
    await expect(search).toBeFocused();

    // The order: project name, A to Z, over every row.
    const sort = page.getByRole('combobox', { name: 'Sort by' });
    await sort.selectOption({ label: 'Project name (A–Z)' });
    await expect(page).toHaveURL(/sort=project/);
    await expect(rowLinks(page).first()).toContainText('Alder Street porch');
    await expect(rowLinks(page).last()).toContainText('Willow kitchen remodel');
    await status.selectOption({ label: 'Not sent' });
    await expect(results(page)).toHaveText('16 proposals found');
    await expect(rowLinks(page).last()).toContainText('Pine closet');
    await expectNoAxeViolations(page, 'the dashboard filtered and sorted');
    await reviewShot(page, 'dashboard-find-filtered');

    // Reload keeps it all; Back returns to the order before the filter.
    await page.reload();
    await expect(status).toHaveValue('not-sent');
    await expect(sort).toHaveValue('project');
    await expect(results(page)).toHaveText('16 proposals found');
    await page.goBack();
    await expect(page).toHaveURL(/\/dashboard\/\?sort=project$/);
    await expect(status).toHaveValue('all');
    await expect(results(page)).toHaveText('17 proposals');
    await expect(rowLinks(page).last()).toContainText('Willow kitchen remodel');
    // Last updated: the edit after sending puts the Smiths' proposal first.
    await sort.selectOption({ label: 'Last updated' });
    await expect(rowLinks(page).first()).toContainText('Willow kitchen remodel');

    // The homeowner's dashboard lists theirs, without the owner's mark.
    await openedFromMail(
      browser,
      mailbox,
      { to: homeowner.email, since },
      async (home) => {
        await expect(home).toHaveURL(/\/proposal\/received\//);
        await home.goto('/dashboard/');
        await expect(home.getByRole('search').getByRole('status')).toHaveText('1 proposal');
        await expect(home.locator('[data-row-link]')).toHaveCount(1);
        await expect(home.locator('[data-row-link]').first()).toContainText('Willow kitchen');
        await expect(home.locator('[data-edited]')).toHaveCount(0);
        await expect(home.getByRole('combobox', { name: 'Status' })).not.toContainText('Archived');
        await expectNoAxeViolations(home, 'the homeowner’s dashboard');
        await reviewShot(home, 'dashboard-find-homeowner');
      },
      { viewport: page.viewportSize() },
    );
  },
);

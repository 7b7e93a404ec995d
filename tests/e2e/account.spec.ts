import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, receivedByHomeowner } from './support/proposals';
import { reviewShot } from './support/review-shot';

/*
 * Account settings (decision 0094): from the account menu, a contractor fixes their name,
 * company, phone and logo; the next send form signs with the new values; a change saved in
 * another tab meanwhile is not overwritten: the page says so and reloads. 1280 and 375 px, by
 * keyboard.
 */

const STALE =
  'Your account was changed in another tab or on another device since this page was loaded. Reload to see the current details, then make your change again.';

/** The menu's link, opening the phone's menu first where the bar has none. */
async function accountLink(page: Page) {
  const menuButton = page.getByRole('button', { name: 'Menu' });
  if (await menuButton.isVisible()) await menuButton.click();
  return page.getByRole('link', { name: 'Account', exact: true });
}

const logo = () =>
  sharp({ create: { width: 240, height: 80, channels: 3, background: '#1f4e5f' } })
    .png()
    .toBuffer();

test(
  'a contractor changes their details; the next send form signs with them',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    const email = uniqueEmail('carla');
    await signUp(email, 'Carla Contreras');
    const id = await createdProposal(page.request, {
      projectName: 'Ng Kitchen Remodel',
      companyName: 'Contreras Remodeling',
      name: 'Carla Contreras',
    });
    await page.goto('/dashboard/');
    await expect(page.getByRole('heading', { name: 'Your proposals' })).toBeVisible();
    const link = await accountLink(page);
    await link.focus();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(/\/account\/$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText(email);
    await expect(main).toContainText('This is the address you log in with.');
    // The address is shown, not offered as a field.
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Carla Contreras');
    await expect(main).toContainText(
      'Proposals already written keep their own cover, logo and welcome.',
    );
    await reviewShot(page, 'account-form');
    await expectNoAxeViolations(page, 'account settings');

    // A contractor must keep a name.
    await name.fill('');
    await name.press('Enter');
    await expect(page.getByText('Please enter your name.')).toBeVisible();
    await expect(name).toBeFocused();
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await reviewShot(page, 'account-error');
    await expectNoAxeViolations(page, 'account settings, name missing');

    await name.fill('Carla Reyes');
    await page.getByRole('textbox', { name: 'Company name' }).fill('Reyes Remodeling');
    await page.getByRole('textbox', { name: 'Phone number' }).fill('(555) 010-0142');
    await page.getByLabel('Company logo').setInputFiles({
      name: 'reyes.png',
      mimeType: 'image/png',
      buffer: await logo(),
    });
    const save = page.getByRole('button', { name: 'Save changes' });
    // The save is held until its progress has been seen, then let through.
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/authorization/account', async (route) => {
      if (route.request().method() === 'PUT') await released;
      await route.continue();
    });
    await save.focus();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('status').filter({ hasText: 'Saving your changes…' }),
    ).toBeVisible();
    await expect(save).toHaveAttribute('aria-busy', 'true');
    release();
    const status = page.getByRole('status').filter({ hasText: 'Changes saved.' });
    await expect(status).toHaveText(
      'Changes saved. New proposals and e-mails use them from now on.',
    );
    await expect(save).toBeFocused();
    await expect(page.getByText('Your current logo')).toBeVisible();
    await reviewShot(page, 'account-saved');
    await expectNoAxeViolations(page, 'account settings, saved');

    // The header's name and the send form's signature read the new values at once.
    await page.goto(`/proposal/send/${id}/`);
    await expect(page.getByLabel('Message')).toHaveValue(
      /Best,\nCarla Reyes\nReyes Remodeling\n\(555\) 010-0142$/,
    );
  },
);

test(
  'a change saved in another tab is not overwritten: the page offers to reload',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('tabs'), 'Tess Tabs');
    await page.goto('/account/');
    const name = page.getByRole('textbox', { name: 'Name', exact: true });
    await expect(name).toHaveValue('Tess Tabs');

    const other = await page.context().newPage();
    try {
      await other.goto('/account/');
      await other
        .getByRole('textbox', { name: 'Name', exact: true })
        .fill('Tess from the other tab');
      await other.getByRole('button', { name: 'Save changes' }).click();
      await expect(other.getByText('Changes saved.')).toBeVisible();
    } finally {
      await other.close();
    }

    await page.getByRole('textbox', { name: 'Phone number' }).fill('555-0199');
    await page.getByRole('button', { name: 'Save changes' }).press('Enter');
    const alert = page.getByRole('alert');
    await expect(alert).toContainText(STALE);
    const reload = alert.getByRole('button', { name: 'Reload the saved details' });
    await expect(reload).toBeVisible();
    await reviewShot(page, 'account-stale');
    await expectNoAxeViolations(page, 'account settings, changed elsewhere');

    await reload.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeFocused();
    await expect(page.getByRole('main')).toContainText('including the change made elsewhere');
    await expect(name).toHaveValue('Tess from the other tab');
    await expect(page.getByRole('textbox', { name: 'Phone number' })).toHaveValue('');
    await expect(page.getByRole('alert')).toHaveCount(0);
  },
);

test(
  'a homeowner names themselves; the proposal sent to them keeps its own name for them',
  { tag: '@mobile' },
  async ({ page, browser, mailbox, signUp }) => {
    await signUp(uniqueEmail('owner'), 'Olga Owner');
    const id = await createdProposal(page.request, { projectName: 'Ng Bath' });
    const homeowner = { email: uniqueEmail('hana'), name: 'Hana Ng' };
    await receivedByHomeowner({ browser, mailbox, page }, id, homeowner, async (home) => {
      await home.goto('/account/');
      await expect(home.getByRole('heading', { name: 'Account settings' })).toBeVisible();
      // No company and no logo for a homeowner; the name is theirs to leave empty.
      await expect(home.getByRole('textbox', { name: 'Company name' })).toHaveCount(0);
      await expect(home.getByLabel('Company logo')).toHaveCount(0);
      await expect(home.getByRole('main')).toContainText(
        'On a proposal sent to you, you keep the name its contractor wrote for you.',
      );
      const name = home.getByRole('textbox', { name: 'Name', exact: true });
      await expect(name).toHaveValue('');
      await name.fill('Hana Nakamura');
      await name.press('Enter');
      await expect(home.getByRole('status').filter({ hasText: 'Changes saved.' })).toBeVisible();
      await reviewShot(home, 'account-homeowner-saved');
      await expectNoAxeViolations(home, 'account settings, homeowner');
    });
    // The contractor's proposal still names her as they wrote it (decision 0087).
    const members = (await (await page.request.get(`/api/proposal/${id}/members`)).json()) as {
      name: string;
    }[];
    expect(members.map((m) => m.name)).toEqual(['Hana Ng']);
  },
);

test('logged out, the page asks to sign in first', async ({ page }) => {
  await page.goto('/account/');
  await expect(page).toHaveURL(/\/signin\/\?redirect=%2Faccount%2F$/);
});

test(
  "the account's logo starts each new proposal's cover; removed there, the account keeps it",
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('lena'), 'Lena Lindqvist');
    await page.goto('/account/');
    await expect(page.getByText('New proposals start with it on their cover.')).toBeVisible();
    await page.getByLabel('Company logo').setInputFiles({
      name: 'lindqvist-logo.png',
      mimeType: 'image/png',
      buffer: await logo(),
    });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByText('Your current logo')).toBeVisible();

    // The cover step starts with it, and the proposal made from it shows it.
    const onCover = page.getByRole('img', { name: 'lindqvist-logo.png' });
    await page.goto('/create/');
    await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
    await expect(onCover).toBeVisible();
    await onCover.scrollIntoViewIfNeeded();
    await reviewShot(page, 'create-account-logo');
    await expectNoAxeViolations(page, 'create wizard with the account logo');
    await page.getByLabel('Company name').fill('Lindqvist Builds');
    await page.getByLabel('Project name').fill('Logo Lane Bath');
    await page.getByRole('button', { name: 'Create Proposal' }).click();
    await expect(page).toHaveURL(/\/proposal\/[0-9a-f-]{36}\/$/);
    const coverLogo = page.getByRole('img', { name: 'Lindqvist Builds logo' });
    await expect(coverLogo).toBeVisible();
    // Loaded, not a broken image: the account's file, borrowed by the proposal.
    await expect(coverLogo).toHaveJSProperty('complete', true);
    expect(await coverLogo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

    // Removed from the next cover by keyboard: that proposal has none; the account keeps it.
    await page.goto('/create/');
    await expect(onCover).toBeVisible();
    const remove = page.getByRole('button', { name: 'Remove lindqvist-logo.png' });
    await remove.focus();
    await page.keyboard.press('Enter');
    await expect(onCover).toHaveCount(0);
    await page.getByLabel('Company name').fill('Lindqvist Builds');
    await page.getByLabel('Project name').fill('Plain Cover Porch');
    await page.getByRole('button', { name: 'Create Proposal' }).click();
    await expect(page).toHaveURL(/\/proposal\/[0-9a-f-]{36}\/$/);
    await expect(page.getByRole('heading', { name: 'Plain Cover Porch' })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Lindqvist Builds logo' })).toHaveCount(0);

    await page.goto('/account/');
    await expect(page.getByText('Your current logo')).toBeVisible();
    const account = await page.request.get('/api/authorization/account');
    const { user } = (await account.json()) as { user: { companyLogo: string } };
    expect((await page.request.get(user.companyLogo)).status()).toBe(200);
  },
);

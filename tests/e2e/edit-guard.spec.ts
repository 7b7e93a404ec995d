import type { APIRequestContext, Page } from '@playwright/test';
import type { Proposal } from '../../src/shared/schemas/proposal';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { createdProposal, labor, toChoose } from './support/proposals';

/*
 * The edit wizard keeps what is typed in it: leaving with changes asks first (the send form too), it opens on the
 * proposal as it is now, and 'Copy my text' works (or says it cannot) on any browser.
 */

const DISCARD = 'Are you sure you want to discard your updates?';

const createPorch = (request: APIRequestContext) =>
  createdProposal(request, {
    projectName: 'Willow Porch',
    companyName: 'Willow Works',
    name: 'Wren Willow',
    costGroups: [{ name: 'Porch', values: [toChoose('Railing', '800'), labor('Decking', '2400')] }],
  });

async function openEditor(page: Page, id: string) {
  await page.goto(`/proposal/edit/${id}/`);
  await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch');
}

/**
 * The proposal's page opened from the dashboard: the app's own page (not the one the server
 * sends to a first visit), so its tabs move within the app.
 */
async function fromDashboard(page: Page, name = 'Willow Porch') {
  await page.goto('/dashboard/');
  await page.getByRole('link', { name: new RegExp(name) }).click();
  await expect(page.getByRole('heading', { name, exact: true })).toBeVisible();
}

/** From the proposal's page to its editor by the Edit tab, as a contractor goes. */
async function editTab(page: Page, name = 'Willow Porch') {
  await page.getByRole('link', { name: 'Edit', exact: true }).click();
  await expect(page.getByLabel('Project name')).toHaveValue(name);
}

/**
 * The proposal saved elsewhere meanwhile (another tab: 'Willow Porch (theirs)'), then this
 * editor's save of 'Willow Porch (mine)' refused: the dialog that says so.
 */
async function refusedAsSavedElsewhere(page: Page, id: string) {
  const current = (await (await page.request.get(`/api/proposal/${id}`)).json()) as Proposal;
  const elsewhere = await page.request.put(`/api/proposal/${id}`, {
    data: { projectName: 'Willow Porch (theirs)', version: current.version },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await page.getByLabel('Project name').fill('Willow Porch (mine)');
  await page.getByRole('button', { name: 'Update Proposal' }).click();
  const stale = page.getByRole('alertdialog', { name: 'This proposal was changed elsewhere' });
  await expect(stale).toBeVisible();
  return stale;
}

/** Typed as a person types (a click and keys: the browser counts it as use of the page). */
async function retype(page: Page, label: string, text: string) {
  const field = page.getByLabel(label);
  await field.click();
  await field.press('ControlOrMeta+a');
  await field.pressSequentially(text);
}

test(
  'the editor asks before its changes are left, and lets go once they are saved or discarded',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('willow'), 'Wren Willow');
    const id = await createPorch(page.request);
    await fromDashboard(page);

    // Nothing changed: Back goes back at once.
    await editTab(page);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));

    await editTab(page);
    await retype(page, 'Project name', 'Willow Porch and Steps');

    await page.goBack();
    const question = page.getByRole('alertdialog', { name: DISCARD });
    await expect(question).toContainText(
      'Changes made since you opened this proposal will be lost.',
    );
    await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
    await expectNoAxeViolations(page, 'leaving the editor with changes');
    await reviewShot(page, 'edit-leave-question');
    await question.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/edit/${id}/$`));
    await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch and Steps');

    // Closing the tab gets the browser's own question; declined, the page stays as it was.
    const asked = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const dialog = await asked;
    expect(dialog.type()).toBe('beforeunload');
    await dialog.dismiss();
    await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch and Steps');

    // Discard from the question leaves; nothing was saved.
    await page.goBack();
    await question.getByRole('button', { name: 'Discard' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    await expect(page.getByRole('heading', { name: 'Willow Porch', exact: true })).toBeVisible();

    // Saved: Update Proposal goes to the proposal without a question.
    await editTab(page);
    await retype(page, 'Project name', 'Willow Porch and Steps');
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
    await expect(question).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Willow Porch and Steps' })).toBeVisible();
  },
);

test('the editor opens on the proposal as it is now, after a note saved in the shop', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('willow'), 'Wren Willow');
  const id = await createPorch(page.request);
  await fromDashboard(page);

  // Plan, Shop and Edit are tabs of one page: the proposal read on the first is kept.
  await page.getByRole('link', { name: 'Shop', exact: true }).click();
  const railing = await openItem(shopItem(page, 'Railing'));
  await railing.getByRole('button', { name: 'Edit note' }).click();
  await railing.getByRole('textbox', { name: 'Note' }).fill('Black metal balusters');
  await railing.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(railing.getByText('Black metal balusters')).toBeVisible();

  await editTab(page);
  await page.getByLabel('Project name').fill('Willow Porch, black rail');
  await page.getByRole('button', { name: 'Update Proposal' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
  await expect(page.getByRole('heading', { name: 'Willow Porch, black rail' })).toBeVisible();
  const saved = (await (await page.request.get(`/api/proposal/${id}`)).json()) as Proposal;
  expect(saved.projectName).toBe('Willow Porch, black rail');
});

test(
  "'Copy my text' on a browser without a clipboard says so and keeps the editor",
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await page.addInitScript(() => {
      Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    });
    await signUp(uniqueEmail('willow'), 'Wren Willow');
    const id = await createPorch(page.request);
    await openEditor(page, id);

    const stale = await refusedAsSavedElsewhere(page, id);
    await stale.getByRole('button', { name: 'Copy my text' }).click();
    await expect(stale.getByRole('status')).toHaveText(
      'Copying did not work here. Your text stays on the page until you reload.',
    );
    await expectNoAxeViolations(page, 'copy my text without a clipboard');
    await reviewShot(page, 'edit-copy-without-clipboard');
    await stale.getByRole('button', { name: 'Keep editing' }).click();
    await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch (mine)');
  },
);

test(
  'reloading after a save elsewhere says first that it discards what was typed, then shows theirs',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('willow'), 'Wren Willow');
    const id = await createPorch(page.request);
    await openEditor(page, id);

    const stale = await refusedAsSavedElsewhere(page, id);
    await expect(stale).toContainText(
      'Reloading shows the latest version and discards what you typed here. Copy your text first to keep it.',
    );
    await expectNoAxeViolations(page, 'the changed-elsewhere dialog');
    await reviewShot(page, 'edit-stale-discard-and-reload');

    await stale.getByRole('button', { name: 'Discard mine and reload' }).click();
    await expect(stale).toBeHidden();
    await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch (theirs)');

    // On the latest version, the next save goes through.
    await page.getByLabel('Project name').fill('Willow Porch, both');
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page.getByRole('heading', { name: 'Willow Porch, both' })).toBeVisible();
  },
);

test(
  "a gateway's error page in place of the save's answer reads as a failed save, and nothing typed is lost",
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('willow'), 'Wren Willow');
    const id = await createPorch(page.request);
    await openEditor(page, id);

    // A proxy in front of the app answers with its own page (review 26: 'Request failed (502).').
    const save = new RegExp(`/api/proposal/${id}$`);
    await page.route(save, (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' })
        : route.fallback(),
    );
    await page.getByLabel('Project name').fill('Willow Porch, gated');
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page.getByRole('alert')).toContainText(
      'We could not save your changes. Please try again.',
    );
    await reviewShot(page, 'edit-save-gateway-error');
    await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch, gated');

    await page.unroute(save);
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page.getByRole('heading', { name: 'Willow Porch, gated' })).toBeVisible();
  },
);

test(
  'the send form asks before what was typed in it is left, and lets go once it is sent',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('willow'), 'Wren Willow');
    const id = await createPorch(page.request);
    await page.goto(`/proposal/send/${id}/`);
    const message = page.getByLabel('Message');
    await expect(message).toHaveValue(/Willow Porch/);

    // Nothing typed: Cancel goes back at once.
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));

    // To the form again from the proposal's bar, within the app.
    await page
      .getByRole('region', { name: 'Proposal actions' })
      .getByRole('button', { name: 'Send', exact: true })
      .click();
    await expect(page).toHaveURL(new RegExp(`/proposal/send/${id}/$`));
    await page.getByLabel('Client name').fill('Harper Home');
    await message.fill('Harper, here is the porch as we walked it on Tuesday.');
    await page.goBack();
    const question = page.getByRole('alertdialog', { name: 'Discard this message?' });
    await expect(question).toContainText(
      "The client's address, name and message you typed will be lost.",
    );
    await expect(question.getByRole('button', { name: 'Keep writing' })).toBeFocused();
    await expectNoAxeViolations(page, 'leaving the send form with a message');
    await reviewShot(page, 'send-leave-question');
    await question.getByRole('button', { name: 'Keep writing' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/send/${id}/$`));
    await expect(message).toHaveValue('Harper, here is the porch as we walked it on Tuesday.');

    // Sent: on to signing without a question.
    await page.getByLabel('Client email').fill(uniqueEmail('harper'));
    await page.getByRole('button', { name: 'Send to Homeowner' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/sign/${id}/`));
    await expect(question).toHaveCount(0);
  },
);

test(
  'a save refused because the session ended elsewhere says so, keeps the text, and saves after a log-in',
  { tag: '@mobile' },
  async ({ page, signUp, login }) => {
    const email = uniqueEmail('willow');
    await signUp(email, 'Wren Willow');
    const id = await createPorch(page.request);
    await openEditor(page, id);
    await retype(page, 'Project name', 'Willow Porch and Steps');

    // Logged out in another tab of the same browser (review 27).
    const other = await page.context().newPage();
    await other.goto('/logout/');
    // Gone home once the log-out is done ('/logout/' itself ends in a slash too), and the
    // session is over for every tab of this browser.
    await expect(other).toHaveURL(/^https?:\/\/[^/]+\/$/);
    await expect
      .poll(async () => (await (await page.request.get('/api/authorization/me')).json()) as unknown)
      .toEqual({ user: null });
    await other.close();

    await page.getByRole('button', { name: 'Update Proposal' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'You were logged out' });
    await expect(alert).toContainText(
      'You were logged out, so your changes were not saved. They stay on this page: log in ' +
        'from another tab, then press Update Proposal again.',
    );
    const logIn = alert.getByRole('link', { name: 'Log in (opens in a new tab)' });
    await expect(logIn).toHaveAttribute('href', '/signin/');
    await expect(logIn).toHaveAttribute('target', '_blank');
    await expect(page.getByLabel('Project name')).toHaveValue('Willow Porch and Steps');
    await expectNoAxeViolations(page, 'a save refused after a log-out elsewhere');
    await reviewShot(page, 'edit-logged-out');

    // Logged in again (the link opened in this browser), the same press saves what was typed.
    await login(page, email);
    await page.getByRole('button', { name: 'Update Proposal' }).click();
    await expect(page).toHaveURL(new RegExp(`/proposal/${id}/`));
    await expect(
      page.getByRole('heading', { name: 'Willow Porch and Steps', exact: true }),
    ).toBeVisible();
  },
);

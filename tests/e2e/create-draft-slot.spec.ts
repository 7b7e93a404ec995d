import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';

/*
 * Decision 0074: the one create draft a device keeps is never replaced unasked, by Duplicate
 * (or 'Send Proposal') nor by a second /create tab.
 */

const DRAFT_KEY = 'plansmith.createDraft';
const DISPLACED =
  'This draft was changed in another tab, so what you type here is no longer saved on this device.';
const storedDraft = (page: Page) =>
  page.evaluate((key) => localStorage.getItem(key) ?? '', DRAFT_KEY);

async function startWizard(page: Page) {
  await page.goto('/create/');
  await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
}

/** A saved proposal of this contractor's, with a plan group, made through the wizard. */
async function savedProposal(page: Page, projectName: string) {
  await startWizard(page);
  await page.getByLabel('Company name').fill('Quill Remodeling');
  await page.getByLabel('Project name').fill(projectName);
  await page.getByRole('button', { name: 'Add Cost Group' }).click();
  await page.getByLabel('Cost group name').last().fill('Framing');
  await page.getByRole('button', { name: 'Create Proposal' }).click();
  await expect(page).toHaveURL(/\/proposal\/[0-9a-f-]{36}\/$/);
}

async function duplicate(page: Page, projectName: string) {
  await page.goto('/dashboard/');
  await page.getByRole('button', { name: `Options for ${projectName}` }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/create\/$/);
}

test(
  'Duplicate asks before it replaces an unfinished proposal, and keeps it when told to',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('quill'), 'Quinn Quill');
    await savedProposal(page, 'Maple Deck');

    await startWizard(page);
    await page.getByLabel('Project name').fill('Unfinished Attic');
    await expect.poll(() => storedDraft(page)).toContain('Unfinished Attic');

    await duplicate(page, 'Maple Deck');
    const question = page.getByRole('alertdialog', { name: 'Replace your unfinished proposal?' });
    await expect(question).toContainText('Unfinished Attic');
    await expect(question).toContainText('Opening the new one replaces it');
    // The safe answer has focus: Enter keeps the draft.
    const keep = question.getByRole('button', { name: 'Keep my draft' });
    await expect(keep).toBeFocused();
    await expectNoAxeViolations(page, 'replace the unfinished proposal?');
    await reviewShot(page, 'create-replace-draft-question');
    await page.keyboard.press('Escape');

    await expect(question).toHaveCount(0);
    await expect(page.getByLabel('Project name')).toHaveValue('Unfinished Attic');
    await expect(page.getByText('We restored the draft you were working on.')).toBeVisible();
    // Kept: a reload restores it without asking again.
    await page.reload();
    await expect(page.getByLabel('Project name')).toHaveValue('Unfinished Attic');
    await expect(question).toHaveCount(0);

    // Asked again, and told to replace it: the copy opens and becomes the stored draft.
    await duplicate(page, 'Maple Deck');
    await question.getByRole('button', { name: 'Replace it' }).click();
    await expect(page.getByLabel('Cost group name').first()).toHaveValue('Framing');
    await expect(page.getByLabel('Project name')).toHaveValue('');
    await expect.poll(() => storedDraft(page)).toContain('Framing');
    expect(await storedDraft(page)).not.toContain('Unfinished Attic');
  },
);

test('a stored draft with nothing in it is replaced by Duplicate without a question', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('quill'), 'Quinn Quill');
  await savedProposal(page, 'Birch Shed');
  // A name typed and taken back: the stored draft is the form as it opened.
  await startWizard(page);
  await page.getByLabel('Project name').fill('Birch');
  await expect.poll(() => storedDraft(page)).toContain('"projectName":"Birch"');
  await page.getByLabel('Project name').fill('');
  await expect.poll(() => storedDraft(page)).toContain('"projectName":""');
  await duplicate(page, 'Birch Shed');
  await expect(page.getByLabel('Cost group name').first()).toHaveValue('Framing');
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test(
  'two create tabs: the one written over stops saving, says so, and can take the draft back',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('tabs'), 'Tess Tabs');
    await startWizard(page);
    await page.getByLabel('Project name').fill('Tab One Porch');
    await expect.poll(() => storedDraft(page)).toContain('Tab One Porch');
    const saving = 'Your draft is saved on this device as you type.';
    await expect(page.getByText(saving)).toBeVisible();

    const second = await page.context().newPage();
    try {
      await startWizard(second);
      await expect(second.getByLabel('Project name')).toHaveValue('Tab One Porch');
      await second.getByLabel('Project name').fill('Tab Two Garage');
      await expect.poll(() => storedDraft(page)).toContain('Tab Two Garage');

      // The first tab learns its draft was written over; what it holds stays on screen.
      await expect(page.getByRole('alert')).toContainText(DISPLACED);
      await expect(page.getByText(saving)).toHaveCount(0);
      await expect(page.getByLabel('Project name')).toHaveValue('Tab One Porch');
      await page.getByLabel('Project address').fill('12 Elm Row');
      await expectNoAxeViolations(page, 'create draft written over by another tab');
      await reviewShot(page, 'create-draft-displaced', { fullPage: false });

      // Taking it back stores what the first tab holds now, and tells the second tab.
      await page.getByRole('button', { name: 'Save this one here' }).click();
      await expect(page.getByText(saving)).toBeVisible();
      await expect.poll(() => storedDraft(page)).toContain('12 Elm Row');
      expect(await storedDraft(page)).toContain('Tab One Porch');
      await expect(second.getByRole('alert')).toContainText(DISPLACED);
      await expect(second.getByLabel('Project name')).toHaveValue('Tab Two Garage');

      // The second tab discards its draft (the same one, restored): the slot is cleared, and the
      // first tab stores what it holds again at once, as its save bar says.
      await second.getByRole('button', { name: 'Cancel' }).click();
      await second.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();
      await expect(second).not.toHaveURL(/\/create\/$/);
      await expect.poll(() => storedDraft(page)).toContain('12 Elm Row');
      await expect(page.getByText(saving)).toBeVisible();
    } finally {
      await second.close();
    }
  },
);

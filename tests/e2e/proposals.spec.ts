import sharp from 'sharp';
import type { Locator, Page } from '@playwright/test';
import type { Proposal } from '../../src/shared/schemas/proposal';
import { expect, linkFrom, test, uniqueEmail } from './support/fixtures';
import { createdProposal, sentTo } from './support/proposals';
import { expectNoAxeViolations } from './support/axe';
import { reviewShot } from './support/review-shot';

/*
 * Issue 3 end to end: the create/edit wizard, the plan editor with presets, cost expressions and
 * keyboard reordering, uploads, and the dashboard's duplicate and delete.
 */

const logoPng = () =>
  sharp({ create: { width: 240, height: 80, channels: 3, background: '#1f4e5f' } })
    .png()
    .toBuffer();
const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

async function readProposal(page: Page, id: string): Promise<Proposal> {
  const res = await page.request.get(`/api/proposal/${id}`);
  expect(res.status()).toBe(200);
  return (await res.json()) as Proposal;
}

const proposalIdFrom = (page: Page) => /\/proposal\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';

/** Adds a cost group and names it; the new group's name field has focus (docs/product/proposals-editor.md). */
async function addGroup(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: 'Add Cost Group' }).click();
  const nameInput = page.getByLabel('Cost group name').last();
  await expect(nameInput).toBeFocused();
  await nameInput.fill(name);
  await nameInput.press('Tab');
  return page.getByRole('region', { name }).last();
}

async function addItem(group: Locator, name: string, cost: string) {
  const nameInput = group.getByLabel('Item name').last();
  await nameInput.fill(name);
  const costInput = group.getByLabel(`Cost of ${name}`);
  await costInput.fill(cost);
  return costInput;
}

async function startWizard(page: Page) {
  await page.goto('/create/');
  await expect(page.getByRole('heading', { name: 'Create a Proposal' })).toBeVisible();
  await page.getByRole('button', { name: "Let's go!" }).click();
}

test('a contractor creates, edits, duplicates and deletes a proposal', async ({
  page,
  signUp,
  mailbox,
}) => {
  const email = uniqueEmail('author');
  await signUp(email, 'Avery Author');
  await startWizard(page);

  await page.getByLabel('Company name').fill('Author Renovations');
  await page.getByLabel('Project name').fill('Elm Street Kitchen');
  await page.getByLabel('Project address').fill('12 Elm St, Springfield, IL 62701');
  await page.getByLabel('Company logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await logoPng(),
  });
  await expect(page.getByRole('img', { name: 'logo.png' })).toBeVisible();
  await page.getByLabel('Photos and documents', { exact: true }).setInputFiles({
    name: 'site-survey.pdf',
    mimeType: 'application/pdf',
    buffer: pdfBytes,
  });
  await expect(page.getByText('site-survey.pdf')).toBeVisible();

  // A module fills its preset items; a custom group is typed by hand.
  const kitchen = await addGroup(page, 'Kitchen Module');
  await expect(kitchen.getByLabel('Item name').nth(5)).not.toHaveValue('');
  const deck = await addGroup(page, 'Deck');
  const decking = await addItem(deck, 'Composite decking', '1200+350*2');
  // The calculator shows the result of the typed expression.
  await expect(deck.getByText(/= \$1,900\.00/)).toBeVisible();
  await decking.press('=');
  await expect(decking).toHaveValue('1900');
  await addItem(deck, 'Railing', '850');
  await deck.getByLabel('Cost of Railing').press('Enter');
  await expect(deck.getByLabel('Cost of Railing')).not.toBeFocused();

  // Move "Railing" above "Composite decking" with the keyboard only.
  const handle = deck.getByRole('button', { name: 'Reorder Railing' });
  await handle.focus();
  await page.keyboard.press('Space');
  // Arrow keys move only once dnd-kit has picked the row up (its live region says so).
  await expect(page.getByText(/^(Picked up Railing, in|Railing moved to) position/)).toBeAttached();
  // Its sensor listens for arrows only from the next task after the pick-up, so on a busy machine
  // the first arrow can come too soon; at position 1 another arrow changes nothing.
  await expect(async () => {
    await page.keyboard.press('ArrowUp');
    await expect(page.getByText(/^Railing moved to position 1 of/)).toBeAttached({
      timeout: 2_000,
    });
  }).toPass({ timeout: 20_000 });
  await page.keyboard.press('Space');
  await expect(deck.getByLabel('Item name').first()).toHaveValue('Railing');

  const since = Date.now();
  await page.getByRole('button', { name: 'Create Proposal' }).click();
  await expect(page).toHaveURL(/\/proposal\/[0-9a-f-]{36}\/$/);
  const id = proposalIdFrom(page);
  // Signed in: the proposal is e-mailed to its author (not the sign-up mail already there).
  const created = await mailbox.waitFor(email, { since, subject: /is ready/ });
  expect(created.text).toContain(`/proposal/${id}/`);

  const saved = await readProposal(page, id);
  expect(saved.projectName).toBe('Elm Street Kitchen');
  expect(saved.companyLogo?.originalName).toBe('logo.png');
  expect(saved.currentCondition.map((f) => f.originalName)).toEqual(['site-survey.pdf']);
  const savedDeck = saved.costGroups.find((g) => g.name === 'Deck');
  expect(savedDeck?.values.map((v) => [v.name, v.costCents])).toEqual([
    ['Railing', 85000],
    ['Composite decking', 190000],
  ]);
  expect(saved.costGroups.find((g) => g.name === 'Kitchen Module')?.values.length).toBeGreaterThan(
    5,
  );

  // Edit, then back on the proposal page.
  await page.goto(`/proposal/edit/${id}/`);
  await expect(page.getByRole('heading', { name: 'Edit your Proposal' })).toBeVisible();
  await page.getByLabel('Project name').fill('Elm Street Kitchen and Deck');
  await page.getByRole('button', { name: 'Update Proposal' }).click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
  expect((await readProposal(page, id)).projectName).toBe('Elm Street Kitchen and Deck');
  const deckIdsBefore = savedDeck?.values.map((v) => v.id);
  expect(
    (await readProposal(page, id)).costGroups
      .find((g) => g.name === 'Deck')
      ?.values.map((v) => v.id),
  ).toEqual(deckIdsBefore);

  // Duplicate opens a copy in the create screen.
  await page.goto('/dashboard/');
  await page.getByRole('button', { name: 'Options for Elm Street Kitchen and Deck' }).click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await expect(page).toHaveURL(/\/create\/$/);
  await expect(page.getByLabel('Company name')).toHaveValue('Author Renovations');
  await expect(page.getByLabel('Cost group name').nth(1)).toHaveValue('Deck');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Discard' }).click();

  // Delete, with the spec's confirmation, after a visit to the proposal from the dashboard.
  await page.goto('/dashboard/');
  const row = page.getByRole('link', { name: /Elm Street Kitchen and Deck/ });
  await row.click();
  const title = page.getByRole('heading', { level: 1, name: 'Elm Street Kitchen and Deck' });
  await expect(title).toBeVisible();
  await page.goBack();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: 'Options for Elm Street Kitchen and Deck' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to delete this propsal?',
  });
  await expect(confirm).toContainText('30 days');
  // Not sent: nobody but the people invited loses it with the owner.
  await expect(confirm).toContainText('and anyone you invited will no longer be able to open it');
  await expect(confirm).not.toContainText('the homeowner');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  // While the dialog is open the row is hidden from the accessibility tree: the message says the
  // server has deleted it.
  await expect(page.getByText('“Elm Street Kitchen and Deck” was deleted.')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(`/api/proposal/${id}`)).status()).toBe(404);
  // Forward to its page again: the tab's copy of the deleted proposal is not shown.
  await page.goForward();
  await expect(page.getByRole('heading', { name: 'Private Project' })).toBeVisible();
  await expect(title).toHaveCount(0);
});

test('a logged-out visitor creates a proposal and claims it through the e-mailed link', async ({
  page,
  mailbox,
}) => {
  await startWizard(page);
  await page.getByLabel('Project name').fill('Claimed Bath');
  const bath = await addGroup(page, 'Bathrooms');
  await addItem(bath, 'Vanity', '1450');
  await page.getByRole('button', { name: 'Create Proposal' }).click();
  await expect(page).toHaveURL(/\/proposal\/signup\/[0-9a-f-]{36}\/$/);
  await expect(page.getByRole('heading', { name: 'Proposal Created: Sign Up' })).toBeVisible();
  const id = /\/proposal\/signup\/([0-9a-f-]{36})\//.exec(page.url())?.[1] ?? '';

  const email = uniqueEmail('claimer');
  const viewButton = page.getByRole('button', { name: 'View Proposal' });
  await expect(viewButton).toBeDisabled();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Name', { exact: true }).fill('Casey Claimer');
  const since = Date.now();
  await viewButton.click();
  await expect(page).toHaveURL(new RegExp(`/proposal/sent/${id}/$`));
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  await page.goto(linkFrom(await mailbox.waitFor(email, { since })));
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/$`));
  const claimed = await readProposal(page, id);
  expect(claimed.access.role).toBe('owner');
  expect(claimed.costGroups[0]?.values.map((v) => [v.name, v.costCents])).toEqual([
    ['Vanity', 145000],
  ]);
});

test('the create draft survives a reload', async ({ page, signUp }) => {
  await signUp(uniqueEmail('drafter'), 'Drew Drafter');
  await startWizard(page);
  await page.getByLabel('Project name').fill('Draft Porch');
  const porch = await addGroup(page, 'Porch');
  await addItem(porch, 'Screen panels', '600*4');
  // The draft is written to local storage as the user types (debounced); then reload.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('plansmith.createDraft') ?? ''))
    .toContain('Screen panels');
  await page.reload();
  await expect(page.getByLabel('Project name')).toHaveValue('Draft Porch');
  const restored = page.getByRole('region', { name: 'Porch' });
  await expect(restored.getByLabel('Item name').first()).toHaveValue('Screen panels');
  await expect(restored.getByLabel('Cost of Screen panels')).toHaveValue('600*4');
});

test('each untitled proposal’s Options button has a name of its own', async ({ page, signUp }) => {
  await signUp(uniqueEmail('untitled'), 'Uma Untitled');
  await createdProposal(page.request, { companyName: 'Uma Builds' });
  await createdProposal(page.request, { companyName: 'Uma Builds' });
  const sent = await createdProposal(page.request, { companyName: 'Uma Builds' });
  await sentTo(page.request, sent, { email: uniqueEmail('home'), name: 'Hal Home' });
  await createdProposal(page.request, { projectName: 'Birch Porch', companyName: 'Uma Builds' });

  await page.goto('/dashboard/');
  const untitled = page.getByRole('button', { name: /^Options for Untitled Project/ });
  await expect(untitled).toHaveCount(3);
  const names = await Promise.all(
    (await untitled.all()).map((button) => button.getAttribute('aria-label')),
  );
  expect(new Set(names).size, names.join(' | ')).toBe(3);
  // What the row shows tells them apart: the status and date, then the place among the same.
  expect(names.filter((name) => /, Sent /.test(name ?? ''))).toHaveLength(1);
  expect(names.filter((name) => /, Created .* \([12] of 2\)$/.test(name ?? ''))).toHaveLength(2);
  // A title no other row has keeps the short name.
  await expect(
    page.getByRole('button', { name: 'Options for Birch Porch', exact: true }),
  ).toBeVisible();
});

test(
  'each untitled proposal’s row link is told apart as its Options button is',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('alike'), 'Ada Alike');
    const data = { companyName: 'Ada Builds', name: 'Ada Alike' };
    await createdProposal(page.request, data);
    await createdProposal(page.request, data);
    const sent = await createdProposal(page.request, data);
    await sentTo(page.request, sent, { email: uniqueEmail('home'), name: 'Hal Home' });
    await createdProposal(page.request, { ...data, projectName: 'Birch Porch' });

    await page.goto('/dashboard/');
    const rows = page.getByRole('listitem');
    const untitled = rows.filter({ has: page.getByRole('link', { name: /^Untitled Project/ }) });
    await expect(untitled).toHaveCount(3);
    const places: string[] = [];
    for (const row of await untitled.all()) {
      const options = await row
        .getByRole('button', { name: /^Options for Untitled Project, / })
        .getAttribute('aria-label');
      // 'Options for Untitled Project, Created Nov 30, 2026 (1 of 2)': the link reads its
      // status and date anyway, and takes the same place, so a row's link and button pair up.
      const [, status = '', place] =
        /^Options for Untitled Project, (.+?)(?: \((\d of 2)\))?$/.exec(options ?? '') ?? [];
      const link = row.getByRole('link');
      if (place === undefined) {
        await expect(link).toHaveAccessibleName(
          new RegExp(`^Untitled Project Prepared by Ada Alike ${status} Awaiting Hal Home`),
        );
        await expect(link).not.toHaveAccessibleName(/of \d\)$/);
        continue;
      }
      places.push(place);
      await expect(link).toHaveAccessibleName(
        `Untitled Project Prepared by Ada Alike ${status} (${place})`,
      );
      // Read, not shown: the row looks as it did.
      await expect(link.locator('.visually-hidden', { hasText: `(${place})` })).toHaveCount(1);
    }
    expect(places.sort()).toEqual(['1 of 2', '2 of 2']);
    // A title no other row has reads as it did.
    await expect(rows.filter({ hasText: 'Birch Porch' }).getByRole('link')).toHaveAccessibleName(
      /^Birch Porch Prepared by Ada Alike Created [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    await reviewShot(page, 'dashboard-alike-rows', { fullPage: true });
    await expectNoAxeViolations(page, 'the dashboard with alike rows');
  },
);

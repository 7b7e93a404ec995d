import { expectNoAxeViolations } from './support/axe';
import { runCli } from './support/cli';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';

/*
 * The dashboard's sharing entries (docs/product/dashboard.md), for a contractor with the reassign
 * permission: 'Copy Proposal URL' asks before it gives the proposal away, and a contractor it made
 * is one Reassign offers next.
 */

test('Copy Proposal URL asks before giving a proposal away; Reassign offers whom it made', async ({
  page,
  signUp,
}) => {
  const ownerEmail = uniqueEmail('sharer');
  await signUp(ownerEmail, 'Sasha Sharer');
  expect(await runCli('grant-reassign', ownerEmail)).toContain('granted');
  const ids: string[] = [];
  for (const projectName of ['First Porch', 'Second Porch']) {
    const created = await page.request.post('/api/proposal', {
      data: { projectName, companyName: 'Sharer Builds' },
    });
    expect(created.status()).toBe(201);
    ids.push(await created.text());
  }

  await page.goto('/dashboard/');
  await page.getByRole('button', { name: 'Options for First Porch' }).click();
  await page.getByRole('menuitem', { name: 'Copy Proposal URL' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy Proposal URL' });
  const newPro = uniqueEmail('taker');
  const typo = newPro.replace('@', '@x');
  const emailBox = copy.getByLabel('New contractor’s e-mail');
  // One's own address is refused before anything is asked.
  await emailBox.fill(ownerEmail.toUpperCase());
  await copy.getByRole('button', { name: 'Continue' }).click();
  await expect(copy).toContainText(
    'This proposal is already yours. Enter the address of another contractor.',
  );
  await emailBox.fill(typo);
  await copy.getByRole('button', { name: 'Continue' }).click();
  // Giving the proposal away is asked first (spec: every reassign is confirmed); Back keeps the address.
  const question = page.getByRole('dialog', { name: `Give “First Porch” to ${typo}?` });
  await expect(question).toContainText('You will no longer be able to open “First Porch”');
  // The panel takes focus, so a screen reader reads the question; Back is the first stop after it.
  await expect(question).toBeFocused();
  await expect(question).toHaveAccessibleDescription(/You will no longer be able to open/);
  await page.keyboard.press('Tab');
  await expect(question.getByRole('button', { name: 'Back' })).toBeFocused();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await reviewShot(page, 'copy-url-question');
    await expectNoAxeViolations(page, `the question before giving a proposal away at ${width}`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Enter');
  await expect(emailBox).toHaveValue(typo);
  await expect(emailBox).toBeFocused();
  expect((await page.request.get(`/api/proposal/${ids[0]}`)).status()).toBe(200);

  await emailBox.fill(newPro);
  await emailBox.press('Enter');
  await page
    .getByRole('dialog', { name: `Give “First Porch” to ${newPro}?` })
    .getByRole('button', { name: 'Create link' })
    .click();
  const made = page.getByRole('dialog', { name: 'Proposal URL' });
  await expect(made).toContainText(`now belongs to ${newPro}`);
  await made.getByRole('button', { name: 'Done' }).click();
  expect((await page.request.get(`/api/proposal/${ids[0]}`)).status()).toBe(404);

  await page.getByRole('button', { name: 'Options for Second Porch' }).click();
  await page.getByRole('menuitem', { name: 'Reassign' }).click();
  const chooser = page.getByRole('dialog', { name: /^Reassign this proposal/ });
  // Every contractor is listed (with a search box above a long list).
  await expect(chooser.getByRole('button', { name: newPro })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await reviewShot(page, 'reassign-list');
  }
});

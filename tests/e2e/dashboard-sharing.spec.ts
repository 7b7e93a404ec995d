import { runCli } from './support/cli';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';

/*
 * The dashboard's sharing entries (docs/product/dashboard.md), for a contractor with the reassign
 * permission: a contractor made by 'Copy Proposal URL' is one Reassign offers next.
 */

test('a contractor made by Copy Proposal URL is offered by Reassign at once', async ({
  page,
  signUp,
}) => {
  const ownerEmail = uniqueEmail('sharer');
  await signUp(ownerEmail, 'Sasha Sharer');
  expect(await runCli('grant-reassign', ownerEmail)).toContain('granted');
  for (const projectName of ['First Porch', 'Second Porch']) {
    const created = await page.request.post('/api/proposal', {
      data: { projectName, companyName: 'Sharer Builds' },
    });
    expect(created.status()).toBe(201);
  }

  await page.goto('/dashboard/');
  await page.getByRole('button', { name: 'Options for First Porch' }).click();
  await page.getByRole('menuitem', { name: 'Copy Proposal URL' }).click();
  const copy = page.getByRole('dialog', { name: 'Copy Proposal URL' });
  const newPro = uniqueEmail('taker');
  await copy.getByLabel('New contractor’s e-mail').fill(newPro);
  await copy.getByRole('button', { name: 'Create link' }).click();
  const made = page.getByRole('dialog', { name: 'Proposal URL' });
  await expect(made).toContainText(`now belongs to ${newPro}`);
  await made.getByRole('button', { name: 'Done' }).click();

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

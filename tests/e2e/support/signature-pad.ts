import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';
import { takenOver } from './takeover';

/** Draws a stroke on the open signing dialog's pad with the mouse, as a signer would. */
export async function drawSignature(page: Page): Promise<void> {
  const pad = page.getByRole('dialog').getByRole('img', { name: 'Signature pad' });
  const box = await pad.boundingBox();
  if (!box) throw new Error('The signature pad is not on screen');
  await page.mouse.move(box.x + 40, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) {
    await page.mouse.move(box.x + 40 + i * 25, box.y + box.height / 2 + (i % 2 ? -30 : 30), {
      steps: 3,
    });
  }
  await page.mouse.up();
}

/** Presses Sign (or 'Sign again') in the proposal's action bar: the dialog that opens for `role`. */
export async function openSignDialog(
  page: Page,
  role: 'Contractor' | 'Homeowner',
): Promise<Locator> {
  await takenOver(page);
  await page
    .getByRole('region', { name: 'Proposal actions' })
    .getByRole('button', { name: /^Sign( again)?$/ })
    .click();
  return page.getByRole('dialog', { name: `Sign as ${role}` });
}

/** Signs the proposal on screen as `role` with a drawn stroke, and waits for "You're all set." */
export async function signAs(page: Page, role: 'Contractor' | 'Homeowner'): Promise<void> {
  const dialog = await openSignDialog(page, role);
  await drawSignature(page);
  await dialog.getByRole('button', { name: 'Done Signing' }).click();
  await expect(page.getByText("You're all set.")).toBeVisible();
}

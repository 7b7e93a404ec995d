import type { Page } from '@playwright/test';

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

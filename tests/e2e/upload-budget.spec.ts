import type { Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';

/*
 * Decision 0088: an upload past the account's budget of unsaved uploads is refused with 429,
 * and the field it was chosen in says why and what to do. The e2e server's budget is 20 MB
 * (support/server.ts); two 10 MB documents uploaded beside the page fill it.
 */

const MB = 1024 * 1024;
const pdf = (size: number) => {
  const out = Buffer.alloc(size, 0x20);
  Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << >>\n%%EOF\n').copy(out);
  return out;
};

async function fillBudget(page: Page) {
  for (const name of ['survey-1.pdf', 'survey-2.pdf']) {
    const res = await page.request.post('/api/proposal/photo-upload', {
      multipart: {
        used: 'currentCondition',
        originalName: name,
        currentCondition: { name, mimeType: 'application/pdf', buffer: pdf(10 * MB) },
      },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
}

test(
  'an upload past the budget of unsaved uploads shows why in its field',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('budget'), 'Bea Budget');
    await fillBudget(page);
    await page.goto('/create/');
    await page.getByRole('button', { name: "Let's go!" }).click();

    const field = page.getByLabel('Photos and documents', { exact: true });
    const refused = page.waitForResponse('**/api/proposal/photo-upload');
    await field.setInputFiles({
      name: 'kitchen-plan.pdf',
      mimeType: 'application/pdf',
      buffer: pdf(2_000),
    });
    expect((await refused).status()).toBe(429);
    const alert = page.getByRole('alert').filter({ hasText: 'not yet saved in a proposal' });
    await expect(alert).toHaveText(
      'Your uploads not yet saved in a proposal have reached 20 MB. Save your proposal, or ' +
        'remove files you no longer need, then upload again.',
    );
    await expect(page.getByRole('button', { name: 'Dismiss kitchen-plan.pdf' })).toBeVisible();
    await alert.scrollIntoViewIfNeeded();
    await reviewShot(page, 'upload-budget-refused');
    await expectNoAxeViolations(page, 'the wizard with a refused upload');
  },
);

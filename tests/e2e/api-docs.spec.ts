import { expect, test } from '@playwright/test';
import { reviewShot } from './support/review-shot';

/*
 * /api/docs renders the reference of GET /api/openapi.json in the browser, from the app itself
 * (no CDN: a blocked outside request would leave the page empty), under the app's CSP.
 */
for (const width of [1280, 375]) {
  test(`the API reference renders its operations at ${width} px`, async ({ page }) => {
    const refused: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
    });
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'))
        outside.push(request.url());
    });
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/api/docs');
    await expect(page).toHaveURL(/\/api\/docs\/$/);
    await expect(page.getByRole('heading', { name: 'Plansmith API', level: 1 })).toBeVisible();
    // The operations, named by their contract summaries, under one heading per feature.
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { name: /^Create a contractor account/, level: 3 }),
    ).toBeVisible();
    for (const feature of ['proposals', 'selections', 'signing'])
      await expect(main.getByRole('heading', { name: feature, level: 2 })).toBeAttached();
    await reviewShot(page, 'api-docs');
    expect(refused).toEqual([]);
    expect(outside).toEqual([]);
  });
}

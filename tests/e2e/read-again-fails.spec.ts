import type { Page } from '@playwright/test';
import { expect, test, uniqueEmail } from './support/fixtures';
import { openItem, shopItem } from './support/shop';

/*
 * A page read again in the background (here: the connection drops and comes back) may fail. The
 * page the user is typing in stays, with what they typed; only a page that never loaded shows
 * the failure (the edit wizard) or goes to /private/ (the shop page).
 */

async function kitchenProposal(page: Page) {
  const created = await page.request.post('/api/proposal', {
    data: {
      projectName: 'Birch Kitchen',
      companyName: 'Pro Builders',
      name: 'Rhea Reload',
      costGroups: [
        { name: 'Kitchen', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return created.text();
}

/**
 * The page's reads of `path` fail with a 500 while the connection drops and comes back, which
 * makes the page read it again (with its retries); then they succeed once more, and a second
 * reconnection's read is waited for, so the failure has surely been handled by then.
 */
async function readAgainFails(page: Page, path: string) {
  let failed = 0;
  const url = (u: URL) => u.pathname === path;
  await page.route(url, async (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    failed += 1;
    await route.fulfill({ status: 500, json: { statusCode: 500, message: 'Down for a moment' } });
  });
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  // The first read and its two retries.
  await expect.poll(() => failed).toBeGreaterThanOrEqual(3);
  await page.unroute(url);
  const readAgain = page.waitForResponse((res) => url(new URL(res.url())) && res.ok());
  await page.context().setOffline(true);
  await page.context().setOffline(false);
  await readAgain;
}

test('the edit wizard keeps what was typed when a read in the background fails', async ({
  page,
  signUp,
}) => {
  test.slow(); // two retries with their back-off
  await signUp(uniqueEmail('read-again-edit'), 'Rhea Reload');
  const id = await kitchenProposal(page);
  await page.goto(`/proposal/edit/${id}/`);
  const name = page.getByLabel('Project name');
  await expect(name).toHaveValue('Birch Kitchen');
  await name.fill('Birch Kitchen and Mudroom');

  await readAgainFails(page, `/api/proposal/${id}`);
  await expect(name).toHaveValue('Birch Kitchen and Mudroom');
  await expect(page.getByText("We couldn't load this proposal")).toHaveCount(0);
});

test('the shop page stays, with a comment being typed, when a read in the background fails', async ({
  page,
  signUp,
}) => {
  test.slow(); // two retries with their back-off
  await signUp(uniqueEmail('read-again-shop'), 'Rhea Reload');
  const id = await kitchenProposal(page);
  await page.goto(`/proposal/${id}/selections/`);
  const faucet = await openItem(shopItem(page, 'Faucet'));
  const comment = faucet.getByLabel('Add a comment');
  await comment.fill('Can we see the brass one in person?');

  await readAgainFails(page, `/api/proposal/${id}/selections`);
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/selections/$`));
  await expect(comment).toHaveValue('Can we see the brass one in person?');
});

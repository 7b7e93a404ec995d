import { expect, test, uniqueEmail } from './support/fixtures';
import { createdProposal, sentTo } from './support/proposals';

/*
 * A server fault on the dashboard shows the dashboard's own texts (docs/product/dashboard.md,
 * exact texts), not the server's: the person can only try again. The fault is made by answering
 * the one call with a 500, since a real server cannot be made to fail on cue.
 */

const FAULT = { statusCode: 500, error: 'Internal Server Error', message: 'Database timeout' };

test('a failed load and a failed delete show the dashboard’s own texts', async ({
  page,
  signUp,
}) => {
  await signUp(uniqueEmail('pro'), 'Parker Pro');
  const id = await createdProposal(page.request, {
    projectName: 'Elm Deck',
    companyName: 'Pro Builders',
  });
  await sentTo(page.request, id, { email: uniqueEmail('home'), name: 'Hana Home' });

  let failList = true;
  await page.route(
    (url) => url.pathname === '/api/proposal',
    (route) => (failList ? route.fulfill({ status: 500, json: FAULT }) : route.fallback()),
  );
  await page.goto('/dashboard/');
  await expect(page.getByText('Your proposals could not be loaded.')).toBeVisible();
  await expect(page.getByText('Database timeout')).toHaveCount(0);
  failList = false;
  await page.getByRole('button', { name: 'Try again' }).click();

  await page.route('**/api/proposal/delete', (route) =>
    route.fulfill({ status: 500, json: FAULT }),
  );
  await page.getByRole('button', { name: 'Options for Elm Deck' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('alertdialog', { name: /delete this propsal/ });
  // Sent: the homeowner loses it too, and the question says so.
  await expect(confirm).toContainText(
    'and the homeowner and anyone you invited will no longer be able to open it',
  );
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm.getByRole('alert')).toHaveText(
    'The proposal could not be deleted. Please try again.',
  );
});

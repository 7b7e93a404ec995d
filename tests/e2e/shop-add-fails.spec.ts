import { expect, test, uniqueEmail } from './support/fixtures';
import { openItem, shopItem } from './support/shop';
import { createdProposal } from './support/proposals';

/*
 * The paste box clears as soon as Add is pressed, so the next link can be pasted while this one
 * loads. When the add then fails (here the save answers 500), the link comes back into the box to
 * try again, and the user is told.
 */
test('a link whose add fails comes back into the paste box', async ({ page, signUp }) => {
  // The clip may start the parse worker, which runs below the request thread's priority.
  test.slow();
  const retailer = process.env.E2E_RETAILER_ORIGIN;
  if (!retailer) throw new Error('E2E_RETAILER_ORIGIN is not set (global-setup starts the shop).');
  await signUp(uniqueEmail('add-fails'), 'Ada Add');
  const id = await createdProposal(page.request, {
    projectName: 'Aspen Kitchen',
    companyName: 'Pro Builders',
    name: 'Ada Add',
    costGroups: [{ name: 'Kitchen', values: [{ name: 'Sink', rawCost: '450', selection: true }] }],
  });
  await page.route(new RegExp(`/api/proposal/${id}/addProduct/?$`), (route) =>
    route.fulfill({ status: 500, json: { statusCode: 500, message: 'Something went wrong' } }),
  );

  await page.goto(`/proposal/${id}/selections/`);
  const sink = await openItem(shopItem(page, 'Sink'));
  const box = sink.getByLabel('Paste a product link');
  const link = `${retailer}/p/corrie-apron-front-sink`;
  await box.fill(link);
  await sink.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(sink.getByRole('alert')).toBeVisible({ timeout: 60_000 });
  await expect(box).toHaveValue(link);
  await expect(sink.getByText('Fetching product…')).toHaveCount(0);
});

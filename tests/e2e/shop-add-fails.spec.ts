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

/*
 * A clip refused for its pace (review 24: four of this person's pages still being fetched, or too
 * many lately) says why and keeps the link to try again; the page was never read, so the manual
 * form does not open saying it could not be. The refusal itself is the API's (products-clip test).
 */
test('a link refused for the pace says why and stays in the box', async ({ page, signUp }) => {
  await signUp(uniqueEmail('add-pace'), 'Pat Pace');
  const id = await createdProposal(page.request, {
    projectName: 'Birch Bath',
    companyName: 'Pro Builders',
    name: 'Pat Pace',
    costGroups: [{ name: 'Bath', values: [{ name: 'Basin', rawCost: '300', selection: true }] }],
  });
  const refusal =
    'Several of your products are still being fetched from their pages. Please wait for them to finish, then try again.';
  await page.route(/\/api\/products\/?$/, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 429,
          json: { statusCode: 429, error: 'Too Many Requests', message: refusal },
        })
      : route.continue(),
  );

  await page.goto(`/proposal/${id}/selections/`);
  const basin = await openItem(shopItem(page, 'Basin'));
  const box = basin.getByLabel('Paste a product link');
  const link = 'https://shop.example.com/p/oval-basin';
  await box.fill(link);
  await basin.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(basin.getByRole('alert')).toHaveText(refusal);
  await expect(box).toHaveValue(link);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

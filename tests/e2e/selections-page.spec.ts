import sharp from 'sharp';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { NO_CURRENCY_TOOLTIP } from '../../src/shared/domain/products';
import { itemAnchor } from '../../src/shared/domain/selections';
import type { SelectionsPage } from '../../src/shared/schemas/selections';
import { runCli } from './support/cli';
import { expect, test, uniqueEmail } from './support/fixtures';
import { openItem } from './support/shop';
import { createdProposal, labor, receivedByHomeowner, toChoose } from './support/proposals';

/*
 * Issue 5, the shop page: a contractor and a homeowner shop for the same proposal in two browsers
 * (clip from a retailer page on loopback, a suggestion, a manual product; like, choose, reorder by
 * keyboard, comment, remove), the item anchor from the plan, and a logged-out visitor whose
 * changes stay in the page. Items start closed (issue 19): each is opened before it is used.
 */

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const ITEMS = ['Kitchen faucet', 'Kitchen sink', 'Pendant lights', 'Range', 'Dishwasher'];

const createKitchen = (request: APIRequestContext, projectName: string) =>
  createdProposal(request, {
    projectName,
    companyName: 'Shop Builders',
    name: 'Sam Shop',
    contract: 'The work is done in a workmanlike manner.',
    costGroups: [
      {
        name: 'Kitchen Module',
        values: [
          ...ITEMS.map((name, i) => toChoose(name, String(400 + i * 100))),
          labor('Install cabinets', '2200'),
        ],
      },
    ],
  });

const item = (page: Page, name: string) => page.getByRole('article', { name });
const optionTitles = (scope: Locator, name: string) =>
  scope.getByRole('list', { name: `Options for ${name}` }).getByRole('heading', { level: 4 });
const tabs = (page: Page) => page.getByRole('navigation', { name: 'Proposal pages' });
const progress = (page: Page) => page.getByRole('progressbar', { name: 'Items with options' });

test('a contractor and a homeowner shop for one proposal, and both see the same result', async ({
  page,
  browser,
  signUp,
  mailbox,
}) => {
  // Two browsers and some twenty saves: more than the default 30 s on a busy machine.
  test.slow();
  const retailer = process.env.E2E_RETAILER_ORIGIN;
  if (!retailer) throw new Error('E2E_RETAILER_ORIGIN is not set (global-setup starts the shop).');
  await signUp(uniqueEmail('shop-pro'), 'Sam Shop');
  const id = await createKitchen(page.request, 'Maple Kitchen');

  await page.goto(`/proposal/${id}/selections/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Maple Kitchen' })).toBeVisible();
  await expect(tabs(page).getByRole('link', { name: 'Shop' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '0');

  // Clip from a retailer page (JSON-LD): a loading card first, then the option. The clip call is
  // held until the loading card has been seen, however fast loopback answers or slow the page is.
  let releaseClip = () => {};
  const clipHeld = new Promise<void>((resolve) => (releaseClip = resolve));
  const clipCall = /\/api\/products\/?$/;
  await page.route(clipCall, async (route) => {
    if (route.request().method() === 'POST') await clipHeld;
    await route.continue();
  });
  const sink = await openItem(item(page, 'Kitchen sink'));
  const sinkUrl = `${retailer}/p/corrie-apron-front-sink`;
  await sink.getByLabel('Paste a product link').fill(sinkUrl);
  await sink.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(sink.getByText('Fetching product…')).toBeVisible();
  // The box is emptied for the next link, and the keyboard is back in it.
  await expect(sink.getByLabel('Paste a product link')).toBeFocused();
  releaseClip();
  // The loading card stays while the clip runs. The clip may start the parse worker (none is
  // kept a minute past the last clip), which runs below the request thread's priority (decision
  // 0047): on a machine short of CPU it has once taken more than the default 20 s to answer.
  await expect(optionTitles(sink, 'Kitchen sink')).toHaveText(
    ['Corrie 33" Fireclay Apron-Front Sink'],
    { timeout: 60_000 },
  );
  await expect(sink.getByText('Fetching product…')).toHaveCount(0);
  await expect(sink.getByText('$899.95')).toBeVisible();
  await expect(sink.getByRole('link', { name: /^127\.0\.0\.1/ })).toHaveAttribute('href', sinkUrl);

  // The same page again: the loading card is dropped and the user is told why.
  await sink.getByLabel('Paste a product link').fill(sinkUrl);
  await sink.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(sink.getByRole('alert')).toHaveText(
    'This product is already an option for this item.',
  );
  await expect(optionTitles(sink, 'Kitchen sink')).toHaveCount(1);
  await expect(sink.getByText('Fetching product…')).toHaveCount(0);
  await page.unroute(clipCall);

  // Two suggestions for the faucet, one click each; an added product is no longer suggested.
  const faucet = await openItem(item(page, 'Kitchen faucet'));
  const suggested = faucet.getByRole('region', { name: 'Suggested products for Kitchen faucet' });
  const addButtons = suggested.getByRole('button', { name: /^Add / });
  await expect(addButtons.first()).toBeVisible();
  const first = ((await addButtons.nth(0).getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await addButtons.nth(0).click();
  await expect(optionTitles(faucet, 'Kitchen faucet')).toHaveText([first]);
  await expect(suggested.getByRole('button', { name: `Add ${first}` })).toHaveCount(0);
  // The keyboard moves on to the next suggestion instead of falling back to the page.
  await expect(addButtons.nth(0)).toBeFocused();
  const second = ((await addButtons.nth(0).getAttribute('aria-label')) ?? '').replace(/^Add /, '');
  await addButtons.nth(0).click();
  await expect(optionTitles(faucet, 'Kitchen faucet')).toHaveText([first, second]);
  await expect(faucet.getByText('First', { exact: true })).toBeVisible();
  await expect(faucet.getByText('Last Choice', { exact: true })).toBeVisible();

  // A manual product with an uploaded photo and no currency: the price carries the tooltip.
  const lights = await openItem(item(page, 'Pendant lights'));
  await lights.getByRole('button', { name: 'Add manually' }).click();
  const manual = page.getByRole('dialog', { name: 'Add a product' });
  await manual.getByLabel('Product name').fill('Brass dome pendant <b>x3</b>');
  await manual.getByLabel('Product URL').fill('https://lights.example.com/p/dome');
  const uploaded = page.waitForResponse('**/api/proposal/photo-upload');
  await manual.getByLabel('Photo', { exact: true }).setInputFiles({
    name: 'dome.png',
    mimeType: 'image/png',
    buffer: await sharp({
      create: { width: 320, height: 240, channels: 3, background: '#c9a227' },
    })
      .png()
      .toBuffer(),
  });
  expect((await uploaded).ok()).toBe(true);
  await expect(manual.getByRole('list', { name: 'Uploaded image' })).toBeVisible();
  await manual.getByLabel('Price').fill('129.50');
  await manual.getByLabel('Currency').selectOption({ label: 'Unknown' });
  await manual.getByRole('button', { name: 'Add product' }).click();
  await expect(manual).toBeHidden();
  // Strangers' text is text: the tags show as typed.
  await expect(optionTitles(lights, 'Pendant lights')).toHaveText(['Brass dome pendant <b>x3</b>']);
  // The picture is decorative beside its title (alt=""), and it loads.
  const lightsPhoto = lights
    .getByRole('list', { name: 'Options for Pendant lights' })
    .locator('img')
    .first();
  await expect(lightsPhoto).toHaveAttribute('alt', '');
  await expect(lightsPhoto).toHaveJSProperty('complete', true);
  expect(await lightsPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
    0,
  );
  // On screen first: a scroll closes an open tooltip (Radix), and focusing would scroll to it.
  // Content still arriving above (suggestions, photos) can move the page and close it again, as
  // it would for a user, who would focus it again: so does the test.
  const about = lights.getByRole('button', { name: 'About this price' });
  await expect(async () => {
    await about.blur();
    await about.scrollIntoViewIfNeeded();
    await about.focus();
    await expect(page.getByRole('tooltip')).toHaveText(NO_CURRENCY_TOOLTIP, { timeout: 2_000 });
  }).toPass();
  await page.keyboard.press('Escape');

  // A fourth item with an option brings the image board; progress is 4 of 5, rounded up.
  const range = item(page, 'Range');
  // Suggestions are asked for only once an item nears the screen.
  await range.scrollIntoViewIfNeeded();
  await openItem(range);
  await range
    .getByRole('region', { name: 'Suggested products for Range' })
    .getByRole('button', { name: /^Add / })
    .first()
    .click();
  await expect(optionTitles(range, 'Range')).toHaveCount(1);
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '80');
  const board = page.getByRole('region', { name: 'Image board for Kitchen Module' });
  await expect(board.getByRole('listitem')).toHaveCount(4);
  await expect(board.getByRole('img', { name: `Kitchen faucet: ${first}` })).toBeVisible();

  // The homeowner, in a browser of their own.
  const homeownerEmail = uniqueEmail('shop-home');
  await receivedByHomeowner(
    { browser, mailbox, page },
    id,
    { email: homeownerEmail, name: 'Hollis Home' },
    async (home) => {
      await tabs(home).getByRole('link', { name: 'Shop' }).click();
      await expect(home).toHaveURL(new RegExp(`/proposal/received/${id}/selections/$`));
      await expect(tabs(home).getByRole('link', { name: 'Edit' })).toHaveCount(0);

      const hf = await openItem(item(home, 'Kitchen faucet'));
      // Like the first, choose the second, then choose the first: the second drops to Liked.
      await hf.getByRole('button', { name: `${first}: Not selected` }).click();
      await hf.getByRole('button', { name: `${second}: Not selected` }).click();
      await hf.getByRole('button', { name: `${second}: Liked` }).click();
      await expect(hf.getByRole('button', { name: `${second}: Chosen` })).toBeVisible();
      // The page shows the change at once; the reorder below starts once the server has it too.
      const saved = home.waitForResponse(
        (r) => r.request().method() === 'PUT' && /\/options\/[0-9a-f-]{36}$/.test(r.url()),
      );
      await hf.getByRole('button', { name: `${first}: Liked` }).click();
      expect((await saved).ok()).toBe(true);
      await expect(hf.getByRole('button', { name: `${first}: Chosen` })).toBeVisible();
      await expect(hf.getByRole('button', { name: `${second}: Liked` })).toBeVisible();

      // Reorder by keyboard: pick up the second, move it before the first, drop.
      await hf.getByRole('button', { name: `Reorder ${second}` }).focus();
      await home.keyboard.press('Space');
      // dnd-kit's live region says the option was picked up (then where it is over) once it is.
      await expect(
        home.getByText(
          new RegExp(
            `^(Picked up ${escapeRegExp(second)}, in|${escapeRegExp(second)} moved to) position 2 of 2\\.$`,
          ),
        ),
      ).toBeAttached();
      // The sensor listens for arrows only from the next task after the pick-up (dnd-kit), so on a
      // busy machine the first arrow can come too soon; at position 1 another arrow changes nothing.
      await expect(async () => {
        await home.keyboard.press('ArrowLeft');
        await expect(home.getByText(`${second} moved to position 1 of 2.`)).toBeAttached({
          timeout: 2_000,
        });
      }).toPass();
      await home.keyboard.press('Space');
      await expect(optionTitles(hf, 'Kitchen faucet')).toHaveText([second, first]);

      await hf.getByLabel('Add a comment').fill('Love the matte one, can we see it in person?');
      await hf.getByRole('button', { name: 'Post comment' }).click();
      await expect(hf.getByText('Love the matte one, can we see it in person?')).toBeVisible();
      // Saved: a fresh load shows the same.
      await home.reload();
      await expect(
        optionTitles(await openItem(item(home, 'Kitchen faucet')), 'Kitchen faucet'),
      ).toHaveText([second, first]);
    },
  );

  // The contractor sees all of it after a reload.
  await page.reload();
  await openItem(faucet);
  await expect(optionTitles(faucet, 'Kitchen faucet')).toHaveText([second, first]);
  await expect(faucet.getByRole('button', { name: `${first}: Chosen` })).toBeVisible();
  await expect(faucet.getByRole('button', { name: `${second}: Liked` })).toBeVisible();
  await expect(faucet.getByText('Love the matte one, can we see it in person?')).toBeVisible();
  await expect(faucet.getByText(homeownerEmail)).toBeVisible();

  // The contractor drags the first choice back to the front with the mouse; it is saved.
  await faucet.getByRole('button', { name: `Reorder ${first}` }).scrollIntoViewIfNeeded();
  const from = await faucet.getByRole('button', { name: `Reorder ${first}` }).boundingBox();
  const to = await faucet.getByRole('button', { name: `Reorder ${second}` }).boundingBox();
  if (!from || !to) throw new Error('The drag handles are not on screen');
  const reordered = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/options/order'),
  );
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  // Past the sensor's 4 px activation distance, then over the other card.
  await page.mouse.move(from.x + from.width / 2 - 12, from.y + from.height / 2, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  await expect(optionTitles(faucet, 'Kitchen faucet')).toHaveText([first, second]);
  expect((await reordered).ok()).toBe(true);
  await page.reload();
  await expect(optionTitles(await openItem(faucet), 'Kitchen faucet')).toHaveText([first, second]);

  // Removing asks first; the progress bar follows.
  await openItem(sink);
  await sink.getByRole('button', { name: /^Remove Corrie/ }).click();
  const confirm = page.getByRole('alertdialog', {
    name: 'Are you sure you want to remove this option?',
  });
  await confirm.getByRole('button', { name: 'Remove' }).click();
  await expect(confirm).toBeHidden();
  await expect(optionTitles(sink, 'Kitchen sink')).toHaveCount(0);
  // With no option left to move to, the keyboard lands on the item's heading.
  await expect(page.getByRole('heading', { level: 3, name: 'Kitchen sink' })).toBeFocused();
  await expect(progress(page)).toHaveAttribute('aria-valuenow', '60');

  // The dashboard's '{n}% Shopping' agrees with the progress bar.
  await page.goto('/dashboard/');
  await page.getByRole('button', { name: /^Options for / }).click();
  await expect(page.getByRole('menuitem', { name: '60% Shopping' })).toBeVisible();
  await page.keyboard.press('Escape');

  // The plan's 'Selected' link opens and focuses its item on the shop page.
  await page.goto(`/proposal/${id}/`);
  await page.getByRole('button', { name: /Kitchen Module/ }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Dishwasher' })
    .getByRole('link', { name: 'Selected' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/proposal/${id}/selections/#`));
  const dishwasher = page.getByRole('heading', { level: 3, name: 'Dishwasher' });
  await expect(dishwasher).toBeFocused();
  // Still on screen once the images and suggestions above it have loaded.
  await page.waitForLoadState('networkidle');
  await expect(dishwasher).toBeInViewport();
});

test(
  'a logged-out visitor of a public proposal can try everything, and nothing is saved',
  { tag: '@mobile' },
  async ({ page, browser, signUp }) => {
    const ownerEmail = uniqueEmail('shop-public');
    await signUp(ownerEmail, 'Pat Public');
    // Publishing needs the reassign permission, which only the operators' CLI grants.
    expect(await runCli('grant-reassign', ownerEmail)).toContain('granted');
    const id = await createKitchen(page.request, 'Open Kitchen');
    const list = await page.request.get('/api/products?limit=8&page=1&searchTerms=faucet');
    const [product] = (await list.json()) as { _id: string; title: string }[];
    const read = async () =>
      (await (await page.request.get(`/api/proposal/${id}/selections`)).json()) as SelectionsPage;
    const faucetId = (await read()).groups[0]!.items[0]!.id;
    const added = await page.request.post(`/api/proposal/${id}/addProduct/`, {
      data: { costItemId: faucetId, productId: product!._id },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const published = await page.request.post('/api/proposal/toggleVisibility', {
      data: { id },
    });
    expect(published.ok(), await published.text()).toBe(true);
    expect(((await published.json()) as { isPublic: boolean }).isPublic).toBe(true);

    const visitor = await browser.newContext();
    try {
      const anon = await visitor.newPage();
      const writes: string[] = [];
      const uploads: string[] = [];
      anon.on('request', (req) => {
        if (req.method() === 'GET') return;
        if (req.url().includes('/api/proposal/')) writes.push(req.url());
        if (req.url().includes('upload') || req.url().includes('/api/files'))
          uploads.push(req.url());
      });

      await anon.goto(`/proposal/${id}/selections/#${itemAnchor(faucetId)}`);
      await expect(
        anon.getByText('Warning: Your selections will not save until you log in.'),
      ).toBeVisible();
      await expect(anon.getByRole('note').getByRole('link', { name: 'Log In' })).toHaveAttribute(
        'href',
        `/signin/?redirect=${encodeURIComponent(`/proposal/${id}/selections/#${itemAnchor(faucetId)}`)}`,
      );
      const faucet = item(anon, 'Kitchen faucet');
      await expect(anon.getByRole('heading', { level: 3, name: 'Kitchen faucet' })).toBeFocused();

      await faucet.getByRole('button', { name: `${product!.title}: Not selected` }).click();
      await expect(faucet.getByRole('button', { name: `${product!.title}: Liked` })).toBeVisible();
      const suggestion = faucet
        .getByRole('region', { name: 'Suggested products for Kitchen faucet' })
        .getByRole('button', { name: /^Add / })
        .first();
      const suggestedTitle = ((await suggestion.getAttribute('aria-label')) ?? '').replace(
        /^Add /,
        '',
      );
      await suggestion.click();
      await expect(optionTitles(faucet, 'Kitchen faucet')).toHaveText([
        product!.title,
        suggestedTitle,
      ]);
      // Removing the first option hands the keyboard to the one that takes its place.
      await faucet.getByRole('button', { name: `Remove ${product!.title}` }).click();
      await anon
        .getByRole('alertdialog', { name: 'Are you sure you want to remove this option?' })
        .getByRole('button', { name: 'Remove' })
        .click();
      await expect(optionTitles(faucet, 'Kitchen faucet')).toHaveText([suggestedTitle]);
      await expect(
        faucet.getByRole('button', { name: `${suggestedTitle}: Not selected` }),
      ).toBeFocused();

      await faucet.getByLabel('Add a comment').fill('Just looking');
      await faucet.getByRole('button', { name: 'Post comment' }).click();
      await expect(faucet.getByText('Just looking')).toBeVisible();

      // A web page cannot be read without an account: say so, then offer the manual form.
      const sink = await openItem(item(anon, 'Kitchen sink'));
      await sink.getByLabel('Paste a product link').fill('https://sinks.example.com/p/1');
      await sink.getByRole('button', { name: 'Add', exact: true }).click();
      const notice = anon.getByRole('alertdialog', {
        name: 'Please log in to add products from a web page.',
      });
      await notice.getByRole('button', { name: 'OK' }).click();
      const manual = anon.getByRole('dialog', { name: 'Add a product' });
      await expect(manual.getByLabel('Product URL')).toHaveValue('https://sinks.example.com/p/1');
      // The photo stays in the browser: shown from memory, never uploaded.
      await expect(
        manual.getByText('Photos from other sites show once the product is saved.'),
      ).toBeVisible();
      await manual.getByLabel('Product name').fill('Trial farmhouse sink');
      await manual.getByLabel('Photo', { exact: true }).setInputFiles({
        name: 'sink.png',
        mimeType: 'image/png',
        buffer: await sharp({
          create: { width: 200, height: 160, channels: 3, background: '#3a6ea5' },
        })
          .png()
          .toBuffer(),
      });
      await manual.getByRole('button', { name: 'Add product' }).click();
      await expect(manual).toBeHidden();
      await expect(optionTitles(sink, 'Kitchen sink')).toHaveText(['Trial farmhouse sink']);
      const sinkPhoto = sink
        .getByRole('list', { name: 'Options for Kitchen sink' })
        .locator('img')
        .first();
      await expect(sinkPhoto).toHaveAttribute('src', /^blob:/);
      await expect(sinkPhoto).toHaveJSProperty('complete', true);
      expect(await sinkPhoto.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(
        0,
      );

      expect(writes).toEqual([]);
      expect(uploads).toEqual([]);
      await anon.reload();
      // The anchor in the address opens the item again.
      await expect(optionTitles(item(anon, 'Kitchen faucet'), 'Kitchen faucet')).toHaveText([
        product!.title,
      ]);
      await expect(anon.getByText('Just looking')).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  },
);

test('a failed clip opens the manual form with the link, which says what is missing; the page fits a phone', async ({
  page,
  signUp,
}) => {
  const retailer = process.env.E2E_RETAILER_ORIGIN;
  if (!retailer) throw new Error('E2E_RETAILER_ORIGIN is not set (global-setup starts the shop).');
  await signUp(uniqueEmail('shop-miss'), 'Morgan Miss');
  const id = await createKitchen(page.request, 'Missing Kitchen');
  await page.goto(`/proposal/${id}/selections/`);

  const sink = await openItem(item(page, 'Kitchen sink'));
  // Nothing to send yet: the buttons say so.
  await expect(sink.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
  await expect(sink.getByRole('button', { name: 'Post comment' })).toBeDisabled();
  // A pasted text over the limit is not cut silently: the page says so and holds the button.
  await sink.getByLabel('Add a comment').fill(`${'W'.repeat(2000)} end`);
  await expect(
    sink.getByText('A comment can be at most 2000 characters (this one has 2004).'),
  ).toBeVisible();
  await expect(sink.getByRole('button', { name: 'Post comment' })).toBeDisabled();
  await sink.getByLabel('Add a comment').fill('');

  const missing = `${retailer}/p/missing`;
  await sink.getByLabel('Paste a product link').fill(missing);
  await sink.getByRole('button', { name: 'Add', exact: true }).click();
  const manual = page.getByRole('dialog', { name: 'Add a product' });
  await expect(manual.getByLabel('Product URL')).toHaveValue(missing);
  await expect(
    manual.getByText('We could not read the product from that page. Please enter its details.'),
  ).toBeVisible();
  // One message for one failure: the form says it, the card behind it does not say it again.
  await expect(page.getByText(/could not read the product/)).toHaveCount(1);
  await expect(sink.getByRole('alert')).toHaveCount(0);

  // Every problem at once, each beside its field; one goes as soon as its field is right.
  await manual.getByRole('button', { name: 'Add product' }).click();
  await expect(manual.getByRole('alert')).toHaveText([
    'Please enter product name',
    'Please enter image',
  ]);
  await expect(manual.getByLabel('Product name')).toBeFocused();
  await manual.getByLabel('Product name').fill('Apron sink');
  await expect(manual.getByRole('alert')).toHaveText(['Please enter image']);
  await page.keyboard.press('Escape');
  await expect(manual).toBeHidden();
  await expect(optionTitles(sink, 'Kitchen sink')).toHaveCount(0);
  await expect(sink.getByRole('alert')).toHaveCount(0);

  // Someone else saves the note while it is being edited: the draft stays, and the second Save
  // replaces their note, without reloading the page.
  await sink.getByRole('button', { name: 'Edit note' }).click();
  await sink.getByRole('textbox', { name: 'Note', exact: true }).fill('Undermount, please');
  const pageData = (await (
    await page.request.get(`/api/proposal/${id}/selections`)
  ).json()) as SelectionsPage;
  const sinkId = pageData.groups[0]!.items.find((i) => i.name === 'Kitchen sink')!.id;
  const other = await page.request.put(`/api/proposal/${id}/items/${sinkId}/note`, {
    data: { note: 'Apron front', expected: '' },
  });
  expect(other.ok(), await other.text()).toBe(true);
  await sink.getByRole('button', { name: 'Save' }).click();
  await expect(
    sink.getByRole('alert').filter({ hasText: 'Someone else changed this note' }),
  ).toBeVisible();
  await expect(sink.getByRole('textbox', { name: 'Note', exact: true })).toHaveValue(
    'Undermount, please',
  );
  await sink.getByRole('button', { name: 'Save' }).click();
  await expect(sink.getByText('Undermount, please')).toBeVisible();
  await expect(sink.getByRole('button', { name: 'Edit note' })).toBeVisible();

  // A phone's width: nothing sticks out sideways.
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(page.getByRole('heading', { level: 1, name: 'Missing Kitchen' })).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

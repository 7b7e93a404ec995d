import sharp from 'sharp';
import type { APIRequestContext, Page } from '@playwright/test';
import { PRODUCT_EDITED_ELSEWHERE } from '../../src/shared/schemas/products';
import { POSITION_CHANGED } from '../../src/shared/schemas/selections';
import { expectNoAxeViolations } from './support/axe';
import { expect, test, uniqueEmail } from './support/fixtures';
import { reviewShot } from './support/review-shot';
import { openItem, shopItem } from './support/shop';
import { createdProposal } from './support/proposals';

/*
 * Decisions 0071 and 0072: a click, a removal or a product edit made on a screen someone else has
 * changed since is refused; the member is told, and the item shows what is there now.
 */

/** A signed-in contractor's proposal with one shopping item, Faucet, and two catalogue options. */
async function shopWithTwoOptions(request: APIRequestContext) {
  const id = await createdProposal(request, {
    projectName: 'Slate Kitchen',
    companyName: 'Pro Builders',
    name: 'Stella Stale',
    costGroups: [
      { name: 'Kitchen', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
    ],
  });
  const selections = (await (await request.get(`/api/proposal/${id}/selections`)).json()) as {
    groups: { items: { id: string }[] }[];
  };
  const itemId = selections.groups[0]!.items[0]!.id;
  const products = (await (
    await request.get('/api/products?limit=8&page=1&searchTerms=faucet')
  ).json()) as { _id: string; title: string }[];
  const options: { id: string; title: string }[] = [];
  for (const product of products.slice(0, 2)) {
    const added = await request.post(`/api/proposal/${id}/addProduct/`, {
      data: { costItemId: itemId, productId: product._id },
    });
    expect(added.status(), await added.text()).toBe(201);
    options.push({ id: ((await added.json()) as { id: string }).id, title: product.title });
  }
  const [first, second] = options as [(typeof options)[0], (typeof options)[0]];
  return { id, itemId, first, second };
}

const png = (background: string) =>
  sharp({ create: { width: 200, height: 150, channels: 3, background } })
    .png()
    .toBuffer();

async function uploadPhoto(request: APIRequestContext, background: string): Promise<string> {
  const photo = await request.post('/api/proposal/photo-upload', {
    multipart: {
      used: 'productImage',
      originalName: 'faucet.png',
      productImage: { name: 'faucet.png', mimeType: 'image/png', buffer: await png(background) },
    },
  });
  expect(photo.ok(), await photo.text()).toBe(true);
  return ((await photo.json()) as { id: string }).id;
}

const storedOptions = async (page: Page, id: string) =>
  (
    (await (await page.request.get(`/api/proposal/${id}/selections`)).json()) as {
      groups: {
        items: { options: { id: string; position: string; product: { title: string } }[] }[];
      }[];
    }
  ).groups[0]!.items[0]!.options;

test(
  'a choice made from a stale screen is refused, said and replaced by what is there now',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('stale'), 'Stella Stale');
    const { id, first, second } = await shopWithTwoOptions(page.request);

    await page.goto(`/proposal/${id}/selections/`);
    const faucet = await openItem(shopItem(page, 'Faucet'));
    await expect(
      faucet.getByRole('button', { name: `${first.title}: Not selected` }),
    ).toBeVisible();

    // Another tab chooses the first option; this screen still shows it not selected.
    const elsewhere = await page.request.put(`/api/proposal/${id}/options/${first.id}`, {
      data: { position: 'chosen', expected: 'not_selected' },
    });
    expect(elsewhere.status()).toBe(200);

    await faucet.getByRole('button', { name: `${first.title}: Not selected` }).click();
    await expect(faucet.getByRole('alert')).toHaveText(POSITION_CHANGED);
    // Read again: the other tab's choice stands, not this screen's click.
    await expect(faucet.getByRole('button', { name: `${first.title}: Chosen` })).toBeVisible();
    await expect(
      faucet.getByRole('button', { name: `${second.title}: Not selected` }),
    ).toBeVisible();
    expect((await storedOptions(page, id)).find((o) => o.id === first.id)?.position).toBe('chosen');
    await expectNoAxeViolations(page, 'the shop page with a refused stale choice');
    await reviewShot(page, 'shop-stale-choice');
    // Dismissed, the message goes and the keyboard stays at the item, not the top of the page.
    await faucet.getByRole('button', { name: 'Dismiss message' }).click();
    await expect(faucet.getByRole('alert')).toHaveCount(0);
    await expect(faucet.getByRole('heading', { level: 3 })).toBeFocused();

    // Seen as it is now, the next click counts.
    await faucet.getByRole('button', { name: `${first.title}: Chosen` }).click();
    await expect(
      faucet.getByRole('button', { name: `${first.title}: Not selected` }),
    ).toBeVisible();
    await expect(faucet.getByRole('alert')).toHaveCount(0);
  },
);

test(
  'a removal confirmed on a stale screen is asked about again, and goes on the second Remove',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('stale-remove'), 'Stella Stale');
    const { id, first, second } = await shopWithTwoOptions(page.request);
    await page.goto(`/proposal/${id}/selections/`);
    const faucet = await openItem(shopItem(page, 'Faucet'));
    await faucet.getByRole('button', { name: `Remove ${first.title}` }).click();
    const dialog = page.getByRole('alertdialog', {
      name: 'Are you sure you want to remove this option?',
    });
    await expect(dialog).toBeVisible();

    // While the question is open, the homeowner (another tab here) chooses that option.
    const elsewhere = await page.request.put(`/api/proposal/${id}/options/${first.id}`, {
      data: { position: 'chosen', expected: 'not_selected' },
    });
    expect(elsewhere.status()).toBe(200);

    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toContainText(
      'Someone else changed this option to Chosen meanwhile. Remove it anyway?',
    );
    // The page behind (hidden from assistive technology while the question is open) has been
    // read again, and nothing was removed.
    await expect(
      faucet.getByRole('button', { name: `${first.title}: Chosen`, includeHidden: true }),
    ).toBeAttached();
    expect((await storedOptions(page, id)).map((o) => o.id)).toEqual([first.id, second.id]);
    await expectNoAxeViolations(page, 'the removal question after someone chose the option');
    await reviewShot(page, 'shop-stale-remove');

    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(dialog).toBeHidden();
    await expect(faucet.getByRole('button', { name: `Remove ${first.title}` })).toHaveCount(0);
    expect((await storedOptions(page, id)).map((o) => o.id)).toEqual([second.id]);
  },
);

test(
  'an edit saved from a form another window has changed the product under says so',
  { tag: '@mobile' },
  async ({ page, signUp }) => {
    await signUp(uniqueEmail('stale-edit'), 'Stella Stale');
    const { id, itemId } = await shopWithTwoOptions(page.request);
    const manual = {
      productName: 'Hand-made copper faucet',
      productURL: 'https://artisan.example.com/faucet',
      photoURL: '',
      priceCents: 45_000,
      currency: 'USD',
    };
    const added = await page.request.post('/api/products/', {
      data: {
        manual: true,
        costItemId: itemId,
        manualProductData: { ...manual, imageFileId: await uploadPhoto(page.request, '#b87333') },
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const product = (await added.json()) as { _id: string };

    await page.goto(`/proposal/${id}/selections/`);
    const faucet = await openItem(shopItem(page, 'Faucet'));
    await faucet.getByRole('button', { name: 'Edit Hand-made copper faucet' }).click();
    const form = page.getByRole('dialog', { name: 'Edit product' });
    await form.getByLabel('Product name').fill('Copper faucet, polished');

    // Another window saves a new name and picture first.
    const other = await page.request.put(`/api/products/${product._id}`, {
      data: {
        ...manual,
        productName: 'Copper faucet, brushed',
        imageFileId: await uploadPhoto(page.request, '#c0c0c0'),
      },
    });
    expect(other.ok(), await other.text()).toBe(true);

    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form.getByRole('alert')).toHaveText(PRODUCT_EDITED_ELSEWHERE);
    await expect(form.getByLabel('Product name')).toHaveValue('Copper faucet, polished');
    await expectNoAxeViolations(page, 'the product form refused after another window saved');
    await reviewShot(page, 'shop-stale-edit');
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();
    await expect(
      faucet.getByRole('heading', { level: 4, name: 'Copper faucet, brushed' }),
    ).toBeVisible();

    // Opened again on the product as it is now, the edit is saved.
    await faucet.getByRole('button', { name: 'Edit Copper faucet, brushed' }).click();
    await form.getByLabel('Product name').fill('Copper faucet, polished');
    await form.getByRole('button', { name: 'Save changes' }).click();
    await expect(form).toBeHidden();
    await expect(
      faucet.getByRole('heading', { level: 4, name: 'Copper faucet, polished' }),
    ).toBeVisible();
    expect((await storedOptions(page, id)).at(-1)?.product.title).toBe('Copper faucet, polished');
  },
);

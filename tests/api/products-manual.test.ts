/**
 * Products entered by hand (docs/product/catalogue.md addManualProduct modal, docs/product/catalogue.md rules) and editing them
 * (PUT /api/products/{id}): who may add and edit, the image rules, the option the add creates,
 * and who can see the picture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema, type Product } from '../../src/shared/schemas/products';
import { startPhotoServer, type PhotoServer } from './support/photo-server';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  proposalWithItemToChoose,
  signedInUser,
  type TestUser,
} from './support/users';
import { png, upload } from './support/uploads';

let t: TestApp;
let photoServer: PhotoServer;
let photoBase: string;
let owner: TestUser;
let homeowner: TestUser;
let invitee: TestUser;
let stranger: TestUser;
let proposalId: string;
let itemId: string;

beforeAll(async () => {
  photoServer = await startPhotoServer();
  photoBase = photoServer.base;
  t = await startTestApp({ env: { CLIP_ALLOW_HOSTS: photoServer.host } });

  owner = await signedInUser(t, 'owner@example.com');
  homeowner = await signedInUser(t, 'home@example.com', 'homeowner');
  invitee = await signedInUser(t, 'designer@example.com', 'homeowner', { name: 'Dee Designer' });
  stranger = await signedInUser(t, 'stranger@example.com');
  ({ id: proposalId, itemId } = await proposalWithItemToChoose(t, owner));
  await addMember(t, proposalId, homeowner.id, 'homeowner');
  await addMember(t, proposalId, invitee.id, 'invitee');
});
afterAll(async () => {
  await t?.close();
  await photoServer?.close();
});

async function uploadImage(who: TestUser): Promise<string> {
  const res = await upload(t, 'productImage', await png(), 'faucet.png', who);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { id: string }).id;
}

function form(overrides: Record<string, unknown> = {}) {
  return {
    productName: 'Hand-made Copper Faucet',
    productURL: 'https://artisan.example.com/faucet?utm_source=x',
    photoURL: '',
    imageFileId: null,
    priceCents: 45000,
    currency: 'USD',
    ...overrides,
  };
}

async function addManual(who: TestUser | null, data: Record<string, unknown>, costItemId = itemId) {
  return request<Product & { message?: string }>(t.baseUrl, 'POST', '/api/products/', {
    json: { manual: true, costItemId, manualProductData: data },
    cookie: who?.cookie,
  });
}

async function edit(who: TestUser | null, id: string, data: Record<string, unknown>) {
  return request<Product & { message?: string }>(t.baseUrl, 'PUT', `/api/products/${id}`, {
    json: data,
    cookie: who?.cookie,
  });
}

async function fileStatus(path: string, who?: TestUser): Promise<number> {
  const res = await fetch(t.baseUrl + path, { headers: who ? { cookie: who.cookie } : {} });
  // Read to the end, so no connection stays open and holds up the app's close.
  await res.arrayBuffer();
  return res.status;
}

describe('adding a product by hand', () => {
  it('adds the product and a new last option for the item, recording who added it', async () => {
    const imageFileId = await uploadImage(invitee);
    const res = await addManual(invitee, form({ imageFileId }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const product = productSchema.parse(res.body);
    expect(product).toMatchObject({
      title: 'Hand-made Copper Faucet',
      url: 'https://artisan.example.com/faucet',
      hostname: 'artisan.example.com',
      priceCents: 45000,
      currency: 'USD',
      manual: true,
      canEdit: true,
      image: `/api/files/${imageFileId}`,
    });
    const options = await t.app.ctx.db
      .selectFrom('options')
      .select(['product_id', 'position', 'added_by', 'sort_order'])
      .where('cost_item_id', '=', itemId)
      .orderBy('sort_order')
      .execute();
    expect(options.at(-1)).toMatchObject({
      product_id: product._id,
      position: 'not_selected',
      added_by: invitee.id,
    });

    // The picture belongs to the proposal now: its members see it, nobody else does.
    expect(await fileStatus(product.image, owner)).toBe(200);
    expect(await fileStatus(product.image, homeowner)).toBe(200);
    expect(await fileStatus(product.image, stranger)).toBe(404);
    expect(await fileStatus(product.image)).toBe(404);
  });

  it('puts each new product after the last option', async () => {
    const a = productSchema.parse(
      (await addManual(owner, form({ imageFileId: await uploadImage(owner) }))).body,
    );
    const b = productSchema.parse(
      (await addManual(homeowner, form({ imageFileId: await uploadImage(homeowner) }))).body,
    );
    const order = await t.app.ctx.db
      .selectFrom('options')
      .select(['product_id', 'added_by'])
      .where('cost_item_id', '=', itemId)
      .orderBy('sort_order')
      .execute();
    expect(order.slice(-2)).toEqual([
      { product_id: a._id, added_by: owner.id },
      { product_id: b._id, added_by: homeowner.id },
    ]);
  });

  it('copies a photo from a Photo URL', async () => {
    const res = await addManual(owner, form({ photoURL: `${photoBase}/photo.jpg` }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const product = productSchema.parse(res.body);
    expect(product.image).toMatch(/^\/api\/files\//);
    expect(await fileStatus(product.image, invitee)).toBe(200);
  });

  it('keeps manual products out of the catalogue and the suggestions', async () => {
    const list = await request<Product[]>(
      t.baseUrl,
      'GET',
      '/api/products?limit=8&page=1&searchTerms=copper%20faucet',
    );
    expect(list.body.map((p) => p.title)).not.toContain('Hand-made Copper Faucet');
    const suggested = await request<Product[]>(
      t.baseUrl,
      'POST',
      '/api/products/byName/Copper%20Faucet',
      { json: { selections: [] } },
    );
    expect(suggested.body.map((p) => p.title)).not.toContain('Hand-made Copper Faucet');
  });

  it('answers the §5 alerts for a missing name, a missing image and bad URLs', async () => {
    const noImage = await addManual(owner, form());
    expect(noImage.status).toBe(400);
    expect(noImage.body.message).toContain('Please enter image');

    const noName = await addManual(
      owner,
      form({ productName: '  ', imageFileId: await uploadImage(owner) }),
    );
    expect(noName.status).toBe(400);
    expect(noName.body.message).toContain('Please enter product name');

    const badUrl = await addManual(owner, form({ productURL: 'javascript:alert(1)' }));
    expect(badUrl.status).toBe(400);
    expect(badUrl.body.message).toContain(
      'Please enter valid Product URL. E.g. https://www.example.com/',
    );

    const badPhoto = await addManual(owner, form({ photoURL: 'data:image/png;base64,AAAA' }));
    expect(badPhoto.status).toBe(400);
    expect(badPhoto.body.message).toContain(
      'Please enter valid Photo URL. E.g. https://www.example.com/',
    );
  });

  it("refuses someone else's upload as the image, and a photo that cannot be fetched", async () => {
    const othersUpload = await uploadImage(stranger);
    const res = await addManual(owner, form({ imageFileId: othersUpload }));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please enter image');

    const gone = await addManual(owner, form({ photoURL: `${photoBase}/missing.jpg` }));
    expect(gone.status).toBe(422);
    expect(gone.body.message).toMatch(/could not get an image from that Photo URL/);
  });

  it('answers 404 to a stranger, 403 to a reader of a public proposal, 401 logged out', async () => {
    const imageFileId = await uploadImage(stranger);
    const hidden = await addManual(stranger, form({ imageFileId }));
    expect(hidden.status).toBe(404);

    await t.app.ctx.db
      .updateTable('proposals')
      .set({ is_public: 1 })
      .where('id', '=', proposalId)
      .execute();
    try {
      const reader = await addManual(stranger, form({ imageFileId }));
      expect(reader.status).toBe(403);
    } finally {
      await t.app.ctx.db
        .updateTable('proposals')
        .set({ is_public: 0 })
        .where('id', '=', proposalId)
        .execute();
    }

    const loggedOut = await addManual(null, form({ imageFileId }));
    expect(loggedOut.status).toBe(401);
    const unknownItem = await addManual(
      owner,
      form({ imageFileId: await uploadImage(owner) }),
      '00000000-0000-4000-8000-000000000000',
    );
    expect(unknownItem.status).toBe(404);
  });
});

describe('editing a product entered by hand', () => {
  let product: Product;

  beforeAll(async () => {
    const res = await addManual(homeowner, form({ imageFileId: await uploadImage(homeowner) }));
    product = productSchema.parse(res.body);
  });

  it('lets its creator change it, a new picture replacing the old one', async () => {
    const newImage = await uploadImage(homeowner);
    const res = await edit(
      homeowner,
      product._id,
      form({
        productName: 'Copper Faucet, Hammered',
        priceCents: 39900,
        currency: 'GBP',
        imageFileId: newImage,
      }),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(productSchema.parse(res.body)).toMatchObject({
      _id: product._id,
      title: 'Copper Faucet, Hammered',
      priceCents: 39900,
      currency: 'GBP',
      image: `/api/files/${newImage}`,
      canEdit: true,
    });
    expect(await fileStatus(product.image, homeowner)).toBe(404);
    expect(await fileStatus(`/api/files/${newImage}`, owner)).toBe(200);

    // Sending the current picture back keeps it.
    const again = await edit(homeowner, product._id, form({ imageFileId: newImage }));
    expect(again.status).toBe(200);
    expect(productSchema.parse(again.body).image).toBe(`/api/files/${newImage}`);
  });

  it('applies the same checks as adding', async () => {
    const res = await edit(homeowner, product._id, form({ productName: '' }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('Please enter product name');
  });

  it('tells other members only the creator may edit it, and strangers nothing', async () => {
    const current = productSchema.parse(
      (await request<Product[]>(t.baseUrl, 'GET', '/api/products')).body[0],
    );
    const data = form({ imageFileId: '00000000-0000-4000-8000-000000000001' });

    const member = await edit(owner, product._id, data);
    expect(member.status).toBe(403);
    expect(member.body.message).toBe('Only the person who added this product can edit it.');

    expect((await edit(stranger, product._id, data)).status).toBe(404);
    expect((await edit(null, product._id, data)).status).toBe(401);
    expect((await edit(owner, '00000000-0000-4000-8000-000000000002', data)).status).toBe(404);
    expect((await edit(owner, 'not-an-id', data)).status).toBe(404);

    // A catalogue product is nobody's to edit.
    const catalogue = await edit(owner, current._id, data);
    expect(catalogue.status).toBe(403);
  });
});

/** A proposal of the owner's with one selection item, and that item. */
async function freshShop(): Promise<{ proposalId: string; itemId: string }> {
  const id = await createProposal(
    t,
    owner,
    proposalInput({
      costGroups: [
        {
          name: 'Baths',
          values: [{ name: 'Bath Tub', rawCost: '900', costType: 4, selection: true }],
        },
      ],
    }),
  );
  const item = await t.app.ctx.db
    .selectFrom('cost_items')
    .select('id')
    .where('proposal_id', '=', id)
    .executeTakeFirstOrThrow();
  return { proposalId: id, itemId: item.id };
}

describe('editing after losing access to the proposal', () => {
  it('refuses the creator once removed from the proposal, and keeps their new photo out of it', async () => {
    const shop = await freshShop();
    await addMember(t, shop.proposalId, invitee.id, 'invitee');
    const added = await addManual(
      invitee,
      form({ imageFileId: await uploadImage(invitee) }),
      shop.itemId,
    );
    const product = productSchema.parse(added.body);

    const removed = await request(
      t.baseUrl,
      'DELETE',
      `/api/proposal/${shop.proposalId}/members/${invitee.id}`,
      { cookie: owner.cookie },
    );
    expect(removed.status).toBe(200);

    const newImage = await uploadImage(invitee);
    const res = await edit(
      invitee,
      product._id,
      form({ productName: 'Renamed', imageFileId: newImage }),
    );
    // They can no longer read the proposal, so they learn nothing about it.
    expect(res.status).toBe(404);
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select(['title', 'image_file_id'])
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe('Hand-made Copper Faucet');
    expect(`/api/files/${row.image_file_id}`).toBe(product.image);
    const upload = await t.app.ctx.db
      .selectFrom('files')
      .select('proposal_id')
      .where('id', '=', newImage)
      .executeTakeFirstOrThrow();
    expect(upload.proposal_id).toBeNull();

    // On a public proposal they read it like anyone, and are told they may not edit.
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ is_public: 1 })
      .where('id', '=', shop.proposalId)
      .execute();
    const reader = await edit(invitee, product._id, form({ imageFileId: newImage }));
    expect(reader.status).toBe(403);
    expect(reader.body.message).toBe('Only the person who added this product can edit it.');
  });

  it('refuses the creator once the proposal is deleted', async () => {
    const shop = await freshShop();
    await addMember(t, shop.proposalId, homeowner.id, 'homeowner');
    const added = await addManual(
      homeowner,
      form({ imageFileId: await uploadImage(homeowner) }),
      shop.itemId,
    );
    const product = productSchema.parse(added.body);
    const deleted = await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id: shop.proposalId },
      cookie: owner.cookie,
    });
    expect(deleted.status).toBe(200);

    const res = await edit(
      homeowner,
      product._id,
      form({ productName: 'Renamed', imageFileId: product.image.replace('/api/files/', '') }),
    );
    expect(res.status).toBe(404);
  });
});

describe('overlong product URLs', () => {
  // Within the form's 2,000 characters, but about 9 KB once percent-encoded.
  const longUrl = `https://artisan.example.com/${'水'.repeat(1000)}`;

  it('answers the Product URL alert, adding or editing, and stores nothing', async () => {
    const imageFileId = await uploadImage(owner);
    const res = await addManual(owner, form({ productURL: longUrl, imageFileId }));
    expect(res.status).toBe(400);
    expect(res.body.message).toContain(
      'Please enter valid Product URL. E.g. https://www.example.com/',
    );

    const product = productSchema.parse((await addManual(owner, form({ imageFileId }))).body);
    const edited = await edit(owner, product._id, form({ productURL: longUrl, imageFileId }));
    expect(edited.status).toBe(400);
    expect(edited.body.message).toContain('Please enter valid Product URL.');
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select('url')
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect(row.url).toBe('https://artisan.example.com/faucet');
  });
});

describe('one upload, several saves at once', () => {
  it('gives the upload to one product on one proposal; the others are asked for an image', async () => {
    const first = await freshShop();
    const second = await freshShop();
    const imageFileId = await uploadImage(owner);
    const results = await Promise.all(
      [first, second, first, second, first, second].map((shop) =>
        addManual(owner, form({ imageFileId }), shop.itemId),
      ),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400, 400]);
    for (const refused of results.filter((r) => r.status === 400))
      expect(refused.body.message).toBe('Please enter image');

    const users = await t.app.ctx.db
      .selectFrom('products')
      .select('id')
      .where('image_file_id', '=', imageFileId)
      .execute();
    expect(users).toHaveLength(1);
    const winner = productSchema.parse(results.find((r) => r.status === 200)?.body);
    const winnerItem = await t.app.ctx.db
      .selectFrom('options as o')
      .innerJoin('cost_items as ci', 'ci.id', 'o.cost_item_id')
      .select('ci.proposal_id')
      .where('o.product_id', '=', winner._id)
      .executeTakeFirstOrThrow();
    const file = await t.app.ctx.db
      .selectFrom('files')
      .select('proposal_id')
      .where('id', '=', imageFileId)
      .executeTakeFirstOrThrow();
    expect(file.proposal_id).toBe(winnerItem.proposal_id);
  });

  it('two edits of one product with new pictures at once leave one picture and no orphan', async () => {
    const shop = await freshShop();
    const product = productSchema.parse(
      (await addManual(owner, form({ imageFileId: await uploadImage(owner) }), shop.itemId)).body,
    );
    const [a, b] = [await uploadImage(owner), await uploadImage(owner)];
    const results = await Promise.all([
      edit(owner, product._id, form({ imageFileId: a })),
      edit(owner, product._id, form({ imageFileId: b })),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);

    const row = await t.app.ctx.db
      .selectFrom('products')
      .select('image_file_id')
      .where('id', '=', product._id)
      .executeTakeFirstOrThrow();
    expect([a, b]).toContain(row.image_file_id);
    const left = await t.app.ctx.db
      .selectFrom('files')
      .select('id')
      .where('id', 'in', [a, b, product.image.replace('/api/files/', '')])
      .execute();
    // Only the picture shown now remains: the first one and the one the later edit replaced go.
    expect(left.map((f) => f.id)).toEqual([row.image_file_id]);
  });
});

describe('editing from a form that no longer shows the product as it is', () => {
  const shownOf = ({ title, url, image, priceCents, currency }: Product) => ({
    title,
    url,
    image,
    priceCents,
    currency,
  });
  const storedFiles = async () =>
    (await t.app.ctx.db.selectFrom('files').select('id').execute()).map((f) => f.id).sort();

  it('refuses a save over a change made in another window, and keeps that change', async () => {
    const shop = await freshShop();
    const shown = productSchema.parse(
      (await addManual(owner, form({ imageFileId: await uploadImage(owner) }), shop.itemId)).body,
    );
    const newPicture = await uploadImage(owner);
    const other = await edit(
      owner,
      shown._id,
      form({
        productName: 'Copper Faucet, Brushed',
        imageFileId: newPicture,
        expected: shownOf(shown),
      }),
    );
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const changed = productSchema.parse(other.body);

    // The first window keeps the picture it showed, which the other window has replaced.
    const files = await storedFiles();
    const stale = await edit(
      owner,
      shown._id,
      form({
        productName: 'Copper Faucet, Polished',
        priceCents: 1,
        imageFileId: shown.image.replace('/api/files/', ''),
        expected: shownOf(shown),
      }),
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(
      'This product was changed in another window meanwhile. Close this form to see it as it is now, then edit it again.',
    );
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select(['title', 'price_cents', 'image_file_id'])
      .where('id', '=', shown._id)
      .executeTakeFirstOrThrow();
    expect({ ...row, price_cents: Number(row.price_cents) }).toEqual({
      title: 'Copper Faucet, Brushed',
      price_cents: 45000,
      image_file_id: newPicture,
    });
    // A Photo URL from the stale form is not fetched: no copy is left behind.
    const withPhoto = await edit(
      owner,
      shown._id,
      form({ photoURL: `${photoBase}/photo.jpg`, expected: shownOf(shown) }),
    );
    expect(withPhoto.status).toBe(409);
    expect(await storedFiles()).toEqual(files);

    // From the form opened again on the product as it is now, the save goes through.
    const fresh = await edit(
      owner,
      shown._id,
      form({
        productName: 'Copper Faucet, Polished',
        imageFileId: newPicture,
        expected: shownOf(changed),
      }),
    );
    expect(fresh.status, JSON.stringify(fresh.body)).toBe(200);
    expect(productSchema.parse(fresh.body).title).toBe('Copper Faucet, Polished');
  });

  it('lets one of two saves from the same form win and refuses the other', async () => {
    const shop = await freshShop();
    const shown = productSchema.parse(
      (await addManual(owner, form({ imageFileId: await uploadImage(owner) }), shop.itemId)).body,
    );
    const imageFileId = shown.image.replace('/api/files/', '');
    const results = await Promise.all(
      ['Faucet A', 'Faucet B'].map((productName) =>
        edit(owner, shown._id, form({ productName, imageFileId, expected: shownOf(shown) })),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = productSchema.parse(results.find((r) => r.status === 200)?.body);
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select('title')
      .where('id', '=', shown._id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe(winner.title);
  });

  it('answers 400 to a malformed expected product', async () => {
    const shop = await freshShop();
    const shown = productSchema.parse(
      (await addManual(owner, form({ imageFileId: await uploadImage(owner) }), shop.itemId)).body,
    );
    const res = await edit(
      owner,
      shown._id,
      form({ productName: 'Changed', expected: { ...shownOf(shown), priceCents: 'a lot' } }),
    );
    expect(res.status).toBe(400);
    const row = await t.app.ctx.db
      .selectFrom('products')
      .select('title')
      .where('id', '=', shown._id)
      .executeTakeFirstOrThrow();
    expect(row.title).toBe(shown.title);
  });
});

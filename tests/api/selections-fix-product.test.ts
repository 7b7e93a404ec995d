import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import {
  OPTION_PRODUCT_NOT_SHARED,
  PRODUCT_CHANGED,
  itemOptionsSchema,
  optionSchema,
} from '../../src/shared/schemas/selections';
import { inviteeOf, messageOf } from './support/signing';
import { insertProduct } from './support/products';
import { request, startTestApp, type TestApp } from './support/test-app';
import { png, upload } from './support/uploads';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * 'Fix details' of a clipped option (decision 0011): the corrected details become this
 * proposal's own product and take the option's place (position and order kept); the shared
 * catalogue entry, and every other proposal showing it, stay as they were.
 */
describe('fixing the details of a clipped option', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'fixer@example.com');
    stranger = await signedInUser(t, 'fix-stranger@example.com');
  });
  afterAll(() => t.close());

  async function shop() {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Kitchen', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
        ],
      }),
    );
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    return { id, itemId: proposalSchema.parse(res.body).costGroups[0]!.values[0]!.id };
  }

  async function addOption(
    s: { id: string; itemId: string },
    productId: string,
    who: TestUser = owner,
  ) {
    const res = await request(t.baseUrl, 'POST', `/api/proposal/${s.id}/addProduct/`, {
      json: { costItemId: s.itemId, productId },
      cookie: who.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return optionSchema.parse(res.body);
  }

  const fix = (proposalId: string, optionId: string, body: unknown, who?: TestUser) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${proposalId}/options/${optionId}/product`, {
      json: body,
      cookie: who?.cookie,
    });

  async function uploadedPhoto(who: TestUser = owner): Promise<string> {
    const res = await upload(t, 'productImage', await png(), 'faucet.png', who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return (res.body as { id: string }).id;
  }

  const details = (imageFileId: string | null) => ({
    productName: 'Brushed brass faucet',
    productURL: 'https://shop.example.com/p/faucet',
    photoURL: '',
    imageFileId,
    priceCents: 24_950,
    currency: 'USD',
  });

  it('replaces the option with a private copy in place; the shared product is untouched', async () => {
    const s = await shop();
    // A clip that found neither a title worth the name nor a picture.
    const sharedId = await insertProduct(t, { title: 'shop.example.com', price_cents: null });
    const first = await addOption(s, await insertProduct(t, { title: 'Other faucet' }));
    const gap = await addOption(s, sharedId);
    const third = await addOption(s, await insertProduct(t, { title: 'Third faucet' }));
    const liked = await request(t.baseUrl, 'PUT', `/api/proposal/${s.id}/options/${gap.id}`, {
      json: { position: 'liked' },
      cookie: owner.cookie,
    });
    expect(liked.status).toBe(200);
    // Another proposal shows the same catalogue product.
    const other = await shop();
    await addOption(other, sharedId);

    const res = await fix(s.id, gap.id, details(await uploadedPhoto()), owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { options } = itemOptionsSchema.parse(res.body);
    expect(options.map((o) => o.id)).toEqual([first.id, gap.id, third.id]);
    const fixed = options[1]!;
    expect(fixed.position).toBe('liked');
    expect(fixed.productId).not.toBe(sharedId);
    expect(fixed.product).toMatchObject({
      title: 'Brushed brass faucet',
      priceCents: 24_950,
      manual: true,
      canEdit: true,
    });
    expect(fixed.product.image).toMatch(/^\/api\/files\//);

    const shared = await t.app.ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', sharedId)
      .executeTakeFirstOrThrow();
    expect(shared).toMatchObject({ title: 'shop.example.com', catalogue: 1, price_cents: null });
    const copy = await t.app.ctx.db
      .selectFrom('products')
      .selectAll()
      .where('id', '=', fixed.productId)
      .executeTakeFirstOrThrow();
    expect(copy).toMatchObject({ catalogue: 0, manual: 1, created_by: owner.id });

    const otherPage = await request(t.baseUrl, 'GET', `/api/proposal/${other.id}/selections`, {
      cookie: owner.cookie,
    });
    expect(JSON.stringify(otherPage.body)).toContain(sharedId);
    expect(JSON.stringify(otherPage.body)).not.toContain('Brushed brass faucet');
  });

  it('keeps the shared picture as a copy of this proposal’s own when it was right', async () => {
    const s = await shop();
    const photo = await uploadedPhoto();
    const sharedId = await insertProduct(t, { title: 'Untitled', image_file_id: photo });
    const option = await addOption(s, sharedId);
    const res = await fix(s.id, option.id, details(photo), owner);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const fixed = itemOptionsSchema.parse(res.body).options[0]!;
    expect(fixed.product.image).toMatch(/^\/api\/files\//);
    expect(fixed.product.image).not.toContain(photo);
    const picture = await request(t.baseUrl, 'GET', fixed.product.image, { cookie: owner.cookie });
    expect(picture.status).toBe(200);
    const shared = await t.app.ctx.db
      .selectFrom('products')
      .select('image_file_id')
      .where('id', '=', sharedId)
      .executeTakeFirstOrThrow();
    expect(shared.image_file_id).toBe(photo);
  });

  it('answers who may not fix with 401, 403 or 404, and refuses bad input and manual products', async () => {
    const s = await shop();
    const option = await addOption(s, await insertProduct(t, { title: 'Gap' }));
    const body = details(null);
    body.photoURL = '';
    expect((await fix(s.id, option.id, details(await uploadedPhoto()))).status).toBe(401);
    expect(
      (await fix(s.id, option.id, details(await uploadedPhoto(stranger)), stranger)).status,
    ).toBe(404);

    // An invitee fixes only what they added, as with removing.
    const invitee = await inviteeOf(t, owner, s.id, 'fix-invitee@example.com');
    const refused = await fix(s.id, option.id, details(await uploadedPhoto(invitee)), invitee);
    expect(refused.status).toBe(403);
    const theirs = await addOption(s, await insertProduct(t, { title: 'Theirs' }), invitee);
    const allowed = await fix(s.id, theirs.id, details(await uploadedPhoto(invitee)), invitee);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);

    const invalid = await fix(s.id, option.id, { ...body, productName: ' ' }, owner);
    expect(invalid.status).toBe(400);
    expect(messageOf(invalid)).toMatch(/^Please enter product name/);
    const noImage = await fix(s.id, option.id, body, owner);
    expect(noImage.status).toBe(400);
    expect(messageOf(noImage)).toBe('Please enter image');

    // The fixed copy is this proposal's own product: it is edited, not fixed again.
    const fixedId = itemOptionsSchema.parse(allowed.body).options.find((o) => o.id === theirs.id)!;
    const again = await fix(s.id, fixedId.id, details(await uploadedPhoto()), owner);
    expect(again.status).toBe(409);
    expect(messageOf(again)).toBe(OPTION_PRODUCT_NOT_SHARED);
    const unknown = await fix(s.id, crypto.randomUUID(), details(await uploadedPhoto()), owner);
    expect(unknown.status).toBe(404);
  });

  it('two fixes of one option at the same moment: one lands, the other is refused, one copy made', async () => {
    const s = await shop();
    const option = await addOption(s, await insertProduct(t, { title: 'Raced' }));
    const photos = [await uploadedPhoto(), await uploadedPhoto()];
    const answers = await Promise.all(
      photos.map((photo, n) =>
        fix(s.id, option.id, { ...details(photo), productName: `Fixed by ${n}` }, owner),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.status === 200)!;
    const lost = answers.find((a) => a.status === 409)!;
    // Either the later read the copy already in place, or met it under the item's lock.
    expect([PRODUCT_CHANGED, OPTION_PRODUCT_NOT_SHARED]).toContain(messageOf(lost));
    const shown = itemOptionsSchema.parse(won.body).options.find((o) => o.id === option.id)!;
    const copies = await t.app.ctx.db
      .selectFrom('products')
      .select('title')
      .where('title', 'like', 'Fixed by %')
      .execute();
    expect(copies).toEqual([{ title: shown.product.title }]);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import { OPTIONS_PER_ITEM_MAX } from '../../src/shared/constants';
import {
  ALREADY_ON_ITEM,
  ITEM_FULL,
  OPTIONS_CHANGED,
  POSITION_CHANGED,
  itemOptionsSchema,
  optionSchema,
  selectionsPageSchema,
  type ItemOptions,
  type Position,
} from '../../src/shared/schemas/selections';
import { signingLogSchema } from '../../src/shared/schemas/signing';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import { homeownerOf, inviteeOf, messageOf, signAs } from './support/signing';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';
import { insertProduct as insertProductRow } from './support/products';

/*
 * Options of a selection item (docs/product/selections.md): adding catalogue and clipped products, the position cycle with
 * one Chosen per item (also under concurrent requests), reordering, removing, and shopping on
 * after the homeowner has signed. Runs on SQLite and, in the api-postgres step, on PostgreSQL.
 */

describe('selection options', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'casey@example.com');
    stranger = await signedInUser(t, 'other-contractor@example.com', 'contractor', {
      name: 'Olga Other',
    });
  });
  afterAll(() => t.close());

  const insertProduct = (
    title: string,
    overrides: { catalogue?: 0 | 1; createdBy?: string | null; manual?: 0 | 1 } = {},
  ) =>
    insertProductRow(t, {
      title,
      image_url: '/catalogue/{id}.png',
      price_cents: 24_950,
      manual: overrides.manual ?? 0,
      catalogue: overrides.catalogue ?? 1,
      created_by: overrides.createdBy ?? null,
    });

  interface Shop {
    id: string;
    groupId: string;
    faucetId: string;
    sinkId: string;
  }

  async function freshShop(): Promise<Shop> {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          {
            name: 'Kitchens',
            values: [
              { name: 'Faucet', rawCost: '300', selection: true },
              { name: 'Sink', rawCost: '450', selection: true },
            ],
          },
        ],
      }),
    );
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    const group = proposalSchema.parse(res.body).costGroups[0]!;
    return { id, groupId: group.id, faucetId: group.values[0]!.id, sinkId: group.values[1]!.id };
  }

  const add = (shop: Shop, who: TestUser, body: Record<string, unknown>) =>
    request(t.baseUrl, 'POST', `/api/proposal/${shop.id}/addProduct/`, {
      json: body,
      cookie: who.cookie,
    });

  async function addOption(shop: Shop, who: TestUser, itemId: string, title: string) {
    const res = await add(shop, who, { costItemId: itemId, productId: await insertProduct(title) });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return optionSchema.parse(res.body);
  }

  const setPosition = (
    shop: Shop,
    who: TestUser,
    optionId: string,
    position: Position,
    expected?: Position,
    expectedChosen?: string | null,
  ) =>
    request<ItemOptions>(t.baseUrl, 'PUT', `/api/proposal/${shop.id}/options/${optionId}`, {
      json: { position, expected, expectedChosen },
      cookie: who.cookie,
    });

  const reorder = (
    shop: Shop,
    who: TestUser,
    itemId: string,
    optionIds: unknown,
    expected?: string[],
  ) =>
    request<ItemOptions>(
      t.baseUrl,
      'PUT',
      `/api/proposal/${shop.id}/items/${itemId}/options/order`,
      { json: { optionIds, expected }, cookie: who.cookie },
    );

  async function pageItem(shop: Shop, who: TestUser, itemId: string) {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${shop.id}/selections`, {
      cookie: who.cookie,
    });
    expect(res.status).toBe(200);
    const items = selectionsPageSchema.parse(res.body).groups.flatMap((g) => g.items);
    return items.find((i) => i.id === itemId)!;
  }

  const positions = (body: ItemOptions) => body.options.map((o) => o.position);

  async function chosenCount(itemId: string): Promise<number> {
    const rows = await t.app.ctx.db
      .selectFrom('options')
      .select('id')
      .where('cost_item_id', '=', itemId)
      .where('position', '=', 'chosen')
      .execute();
    return rows.length;
  }

  describe('adding a product', () => {
    it('answers the new option, last in the item, recording who added it', async () => {
      const shop = await freshShop();
      const first = await addOption(shop, owner, shop.faucetId, 'Pull-down faucet');
      expect(first).toMatchObject({
        position: 'not_selected',
        addedBy: 'Casey Contractor',
        product: {
          title: 'Pull-down faucet',
          priceCents: 24_950,
          currency: 'USD',
          hostname: 'shop.example.com',
          manual: false,
          canEdit: false,
        },
      });
      expect(first.product._id).toBe(first.productId);
      expect(first.product.image).toBe(`/catalogue/${first.productId}.png`);
      const second = await addOption(shop, owner, shop.faucetId, 'Bridge faucet');
      const item = await pageItem(shop, owner, shop.faucetId);
      expect(item.options.map((o) => o.id)).toEqual([first.id, second.id]);
    });

    it('accepts the group the item is in, and 404s for another group', async () => {
      const shop = await freshShop();
      const ok = await add(shop, owner, {
        costGroupId: shop.groupId,
        costItemId: shop.faucetId,
        productId: await insertProduct('Faucet A'),
      });
      expect(ok.status).toBe(201);
      const wrong = await add(shop, owner, {
        costGroupId: randomUUID(),
        costItemId: shop.faucetId,
        productId: await insertProduct('Faucet B'),
      });
      expect(wrong.status).toBe(404);
    });

    it('refuses the same product twice on one item with 409, but allows it on another item', async () => {
      const shop = await freshShop();
      const productId = await insertProduct('Farmhouse sink');
      expect((await add(shop, owner, { costItemId: shop.sinkId, productId })).status).toBe(201);
      const again = await add(shop, owner, { costItemId: shop.sinkId, productId });
      expect(again.status).toBe(409);
      expect(messageOf(again)).toBe(ALREADY_ON_ITEM);
      expect((await add(shop, owner, { costItemId: shop.faucetId, productId })).status).toBe(201);
    });

    it('lets exactly one of several simultaneous adds of one product win', async () => {
      const shop = await freshShop();
      const productId = await insertProduct('Undermount sink');
      const answers = await Promise.all(
        Array.from({ length: 6 }, () => add(shop, owner, { costItemId: shop.sinkId, productId })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      expect((await pageItem(shop, owner, shop.sinkId)).options).toHaveLength(1);
    });

    it('takes catalogue products and those already on this proposal; 404 for others', async () => {
      const shop = await freshShop();
      const homeowner = await homeownerOf(t, owner, shop.id, `home-${randomUUID()}@example.com`);
      // Entered by hand by someone else for their own proposal: not usable here.
      const foreign = await insertProduct('Someone else’s faucet', {
        catalogue: 0,
        manual: 1,
        createdBy: stranger.id,
      });
      const res = await add(shop, owner, { costItemId: shop.faucetId, productId: foreign });
      expect(res.status).toBe(404);
      expect(messageOf(res)).toBe('Unknown product.');
      expect(
        (await add(shop, owner, { costItemId: shop.faucetId, productId: randomUUID() })).status,
      ).toBe(404);

      // The caller's own manual product from another proposal is not usable either: its image
      // belongs to that proposal, so this proposal's members could not see it.
      const mine = await insertProduct('My own faucet', {
        catalogue: 0,
        manual: 1,
        createdBy: owner.id,
      });
      expect((await add(shop, owner, { costItemId: shop.faucetId, productId: mine })).status).toBe(
        404,
      );
      // Once on this proposal (as the manual form puts it), anyone here may reuse it.
      await t.app.ctx.db
        .insertInto('options')
        .values({
          id: randomUUID(),
          cost_item_id: shop.faucetId,
          product_id: mine,
          position: 'not_selected',
          sort_order: 0,
          added_by: owner.id,
          created_at: Date.now(),
        })
        .execute();
      const reused = await add(shop, homeowner, { costItemId: shop.sinkId, productId: mine });
      expect(reused.status).toBe(201);
      expect(optionSchema.parse(reused.body)).toMatchObject({
        addedBy: 'Hana Homeowner',
        product: { canEdit: false },
      });
    });

    it('names a member without a name by their e-mail’s local part, and nobody once they are gone', async () => {
      const shop = await freshShop();
      const invitee = await inviteeOf(
        t,
        owner,
        shop.id,
        `dee.designer-${randomUUID().slice(0, 8)}@example.com`,
      );
      await t.app.ctx.db
        .updateTable('users')
        .set({ name: '' })
        .where('id', '=', invitee.id)
        .execute();
      const option = await addOption(shop, invitee, shop.faucetId, 'Touchless faucet');
      expect(option.addedBy).toBe(invitee.email.split('@')[0]);
      await t.app.ctx.db
        .updateTable('options')
        .set({ added_by: null })
        .where('id', '=', option.id)
        .execute();
      expect((await pageItem(shop, owner, shop.faucetId)).options[0]!.addedBy).toBeNull();
    });

    it('holds at most OPTIONS_PER_ITEM_MAX options an item, so its order can always be changed', async () => {
      const shop = await freshShop();
      // The first 199 written straight in; the 200th and 201st are added through the API.
      const products = await Promise.all(
        Array.from({ length: OPTIONS_PER_ITEM_MAX - 1 }, (_, i) => insertProduct(`Tap ${i}`)),
      );
      await t.app.ctx.db
        .insertInto('options')
        .values(
          products.map((productId, i) => ({
            id: randomUUID(),
            cost_item_id: shop.faucetId,
            product_id: productId,
            position: 'not_selected' as const,
            sort_order: i,
            added_by: owner.id,
            created_at: Date.now(),
          })),
        )
        .execute();
      const last = await addOption(shop, owner, shop.faucetId, 'Tap 199');
      expect(last.id).toBeTruthy();
      const full = await add(shop, owner, {
        costItemId: shop.faucetId,
        productId: await insertProduct('Tap 200'),
      });
      expect(full.status).toBe(409);
      expect(full.body).toMatchObject({ code: 'item_full', message: ITEM_FULL });
      // The whole item can still be reordered in one request.
      const item = await pageItem(shop, owner, shop.faucetId);
      expect(item.options).toHaveLength(OPTIONS_PER_ITEM_MAX);
      const ids = item.options.map((o) => o.id);
      const reordered = await reorder(shop, owner, shop.faucetId, [...ids].reverse(), ids);
      expect(reordered.status, JSON.stringify(reordered.body)).toBe(200);
    });

    it('validates the body with readable messages', async () => {
      const shop = await freshShop();
      const cases: [unknown, string][] = [
        [{ productId: randomUUID() }, 'Unknown item.'],
        [{ costItemId: shop.faucetId, productId: 'nope' }, 'Unknown product.'],
        [
          { costItemId: shop.faucetId, productId: randomUUID(), costGroupId: 'x' },
          'Unknown group.',
        ],
      ];
      for (const [body, message] of cases) {
        const res = await add(shop, owner, body as Record<string, unknown>);
        expect(res.status).toBe(400);
        expect(messageOf(res)).toBe(message);
      }
    });
  });

  describe('the position cycle', () => {
    it('goes Not selected → Liked → Chosen → Not selected, answering the whole item', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const b = await addOption(shop, owner, shop.faucetId, 'Faucet B');
      const liked = await setPosition(shop, owner, a.id, 'liked');
      expect(liked.status).toBe(200);
      expect(itemOptionsSchema.parse(liked.body)).toMatchObject({ costItemId: shop.faucetId });
      expect(positions(liked.body)).toEqual(['liked', 'not_selected']);
      expect(positions((await setPosition(shop, owner, a.id, 'chosen')).body)).toEqual([
        'chosen',
        'not_selected',
      ]);
      expect(positions((await setPosition(shop, owner, a.id, 'not_selected')).body)).toEqual([
        'not_selected',
        'not_selected',
      ]);
      expect(b.position).toBe('not_selected');
    });

    it('demotes the previous Chosen to Liked, leaving one Chosen per item', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const b = await addOption(shop, owner, shop.faucetId, 'Faucet B');
      const sink = await addOption(shop, owner, shop.sinkId, 'Sink A');
      await setPosition(shop, owner, sink.id, 'chosen');
      await setPosition(shop, owner, a.id, 'chosen');
      const res = await setPosition(shop, owner, b.id, 'chosen');
      expect(positions(res.body)).toEqual(['liked', 'chosen']);
      // Another item's Chosen is its own business.
      expect((await pageItem(shop, owner, shop.sinkId)).options[0]!.position).toBe('chosen');
    });

    it('ends with exactly one Chosen when several are chosen at the same moment', async () => {
      const shop = await freshShop();
      const options = [];
      for (const title of ['A', 'B', 'C', 'D'])
        options.push(await addOption(shop, owner, shop.faucetId, `Faucet ${title}`));
      const answers = await Promise.all(
        [...options, ...options].map((o) => setPosition(shop, owner, o.id, 'chosen')),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
      for (const answer of answers)
        expect(answer.body.options.filter((o) => o.position === 'chosen')).toHaveLength(1);
      expect(await chosenCount(shop.faucetId)).toBe(1);
      const final = await pageItem(shop, owner, shop.faucetId);
      expect(final.options.filter((o) => o.position === 'chosen')).toHaveLength(1);
      expect(final.options.filter((o) => o.position === 'liked')).toHaveLength(3);
    });

    it('refuses a click made on a screen that no longer shows the option as it is', async () => {
      const shop = await freshShop();
      const homeowner = await homeownerOf(t, owner, shop.id, 'stale-click-home@example.com');
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const b = await addOption(shop, owner, shop.faucetId, 'Faucet B');
      // The homeowner chooses A; the owner's screen still shows it not selected.
      expect((await setPosition(shop, homeowner, a.id, 'chosen', 'not_selected')).status).toBe(200);
      const stale = await setPosition(shop, owner, a.id, 'liked', 'not_selected');
      expect(stale.status).toBe(409);
      expect(messageOf(stale as HttpResponse)).toBe(POSITION_CHANGED);
      // Nor does a stale Chosen of another option demote the homeowner's.
      const late = await setPosition(shop, owner, b.id, 'chosen', 'liked');
      expect(late.status).toBe(409);
      expect((await pageItem(shop, owner, shop.faucetId)).options.map((o) => o.position)).toEqual([
        'chosen',
        'not_selected',
      ]);
      // Seen as it is, the click counts.
      const seen = await setPosition(shop, owner, b.id, 'chosen', 'not_selected');
      expect(seen.status).toBe(200);
      expect(positions(seen.body)).toEqual(['liked', 'chosen']);
      const gone = await setPosition(shop, owner, randomUUID(), 'liked', 'not_selected');
      expect(gone.status).toBe(404);
    });

    it('refuses a choice that would demote a Chosen the screen never showed', async () => {
      const shop = await freshShop();
      const homeowner = await homeownerOf(t, owner, shop.id, 'stale-choice-home@example.com');
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const b = await addOption(shop, owner, shop.faucetId, 'Faucet B');
      // The owner's screen: A not selected, B liked, nothing chosen.
      expect((await setPosition(shop, owner, b.id, 'liked', 'not_selected', null)).status).toBe(
        200,
      );
      // The homeowner chooses A meanwhile.
      const home = await setPosition(shop, homeowner, a.id, 'chosen', 'not_selected', null);
      expect(home.status).toBe(200);
      // The owner's click on B (Liked → Chosen): B is still liked, but A's choice would go unseen.
      const stale = await setPosition(shop, owner, b.id, 'chosen', 'liked', null);
      expect(stale.status).toBe(409);
      expect(messageOf(stale as HttpResponse)).toBe(POSITION_CHANGED);
      expect((await pageItem(shop, owner, shop.faucetId)).options.map((o) => o.position)).toEqual([
        'chosen',
        'liked',
      ]);
      // Shown A as Chosen, the owner's choice of B demotes it, as choosing always does.
      const seen = await setPosition(shop, owner, b.id, 'chosen', 'liked', a.id);
      expect(seen.status).toBe(200);
      expect(positions(seen.body)).toEqual(['liked', 'chosen']);
      // Choosing the option that already is the Chosen changes nothing and is no conflict.
      expect((await setPosition(shop, owner, b.id, 'chosen', 'chosen', b.id)).status).toBe(200);
      // An id that is not an option's is refused as input.
      const bad = await setPosition(shop, owner, a.id, 'chosen', 'liked', 'not-an-id');
      expect(bad.status).toBe(400);
    });

    it('refuses an unknown position with a readable 400', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const res = await setPosition(shop, owner, a.id, 'favourite' as Position);
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe('Position must be not_selected, liked or chosen.');
    });
  });

  describe('reordering', () => {
    it('stores the new order and answers it', async () => {
      const shop = await freshShop();
      const [a, b, c] = [
        await addOption(shop, owner, shop.faucetId, 'A'),
        await addOption(shop, owner, shop.faucetId, 'B'),
        await addOption(shop, owner, shop.faucetId, 'C'),
      ];
      const res = await reorder(shop, owner, shop.faucetId, [c.id, a.id, b.id]);
      expect(res.status).toBe(200);
      expect(res.body.options.map((o) => o.id)).toEqual([c.id, a.id, b.id]);
      const item = await pageItem(shop, owner, shop.faucetId);
      expect(item.options.map((o) => o.product.title)).toEqual(['C', 'A', 'B']);
      // Added after a reorder: still last.
      const d = await addOption(shop, owner, shop.faucetId, 'D');
      const after = await pageItem(shop, owner, shop.faucetId);
      expect(after.options.map((o) => o.id)).toEqual([c.id, a.id, b.id, d.id]);
    });

    it('answers 409 and changes nothing when the set of options is not the current one', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'A');
      const b = await addOption(shop, owner, shop.faucetId, 'B');
      const other = await addOption(shop, owner, shop.sinkId, 'Sink');
      for (const stale of [[b.id], [b.id, a.id, randomUUID()], [b.id, other.id], []]) {
        const res = await reorder(shop, owner, shop.faucetId, stale);
        expect(res.status).toBe(409);
        expect(messageOf(res as HttpResponse)).toBe(OPTIONS_CHANGED);
      }
      const item = await pageItem(shop, owner, shop.faucetId);
      expect(item.options.map((o) => o.id)).toEqual([a.id, b.id]);
    });

    it('answers 409 and changes nothing when someone else reordered since the screen was shown', async () => {
      const shop = await freshShop();
      const homeowner = await homeownerOf(t, owner, shop.id, 'stale-order-home@example.com');
      const [a, b, c] = [
        await addOption(shop, owner, shop.faucetId, 'A'),
        await addOption(shop, owner, shop.faucetId, 'B'),
        await addOption(shop, owner, shop.faucetId, 'C'),
      ];
      const shown = [a.id, b.id, c.id];
      // The homeowner moves C to the top; the owner, on the page loaded before, swaps A and B.
      const first = await reorder(shop, homeowner, shop.faucetId, [c.id, a.id, b.id], shown);
      expect(first.status).toBe(200);
      const stale = await reorder(shop, owner, shop.faucetId, [b.id, a.id, c.id], shown);
      expect(stale.status).toBe(409);
      expect(messageOf(stale as HttpResponse)).toBe(OPTIONS_CHANGED);
      const item = await pageItem(shop, owner, shop.faucetId);
      expect(item.options.map((o) => o.id)).toEqual([c.id, a.id, b.id]);
      // From what is there now, the swap goes through.
      const fresh = await reorder(
        shop,
        owner,
        shop.faucetId,
        [c.id, b.id, a.id],
        [c.id, a.id, b.id],
      );
      expect(fresh.status).toBe(200);
      expect(fresh.body.options.map((o) => o.id)).toEqual([c.id, b.id, a.id]);
    });

    it('validates the list with readable messages', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'A');
      const twice = await reorder(shop, owner, shop.faucetId, [a.id, a.id]);
      expect(twice.status).toBe(400);
      expect(messageOf(twice as HttpResponse)).toBe('Each option may appear only once.');
      const junk = await reorder(shop, owner, shop.faucetId, ['x']);
      expect(junk.status).toBe(400);
      expect(messageOf(junk as HttpResponse)).toBe('Unknown option.');
      const missing = await reorder(shop, owner, shop.faucetId, undefined);
      expect(missing.status).toBe(400);
    });
  });

  describe('removing', () => {
    it('removes the option, keeps the others in order and keeps the product', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'A');
      const b = await addOption(shop, owner, shop.faucetId, 'B');
      const c = await addOption(shop, owner, shop.faucetId, 'C');
      const res = await request<ItemOptions>(
        t.baseUrl,
        'DELETE',
        `/api/proposal/${shop.id}/options/${b.id}`,
        { cookie: owner.cookie },
      );
      expect(res.status).toBe(200);
      expect(res.body.options.map((o) => o.id)).toEqual([a.id, c.id]);
      const product = await t.app.ctx.db
        .selectFrom('products')
        .select('id')
        .where('id', '=', b.productId)
        .executeTakeFirst();
      expect(product).toBeDefined();
      const again = await request(t.baseUrl, 'DELETE', `/api/proposal/${shop.id}/options/${b.id}`, {
        cookie: owner.cookie,
      });
      expect(again.status).toBe(404);
    });

    const remove = (shop: Shop, who: TestUser, optionId: string, expected?: string) =>
      request<ItemOptions>(
        t.baseUrl,
        'DELETE',
        `/api/proposal/${shop.id}/options/${optionId}${expected ? `?expected=${expected}` : ''}`,
        { cookie: who.cookie },
      );

    it('refuses a removal asked about on a screen from before someone marked the option', async () => {
      const shop = await freshShop();
      const homeowner = await homeownerOf(t, owner, shop.id, 'stale-remove-home@example.com');
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const b = await addOption(shop, owner, shop.faucetId, 'Faucet B');
      // The owner's confirmation shows A not selected; the homeowner chooses it meanwhile.
      expect((await setPosition(shop, homeowner, a.id, 'chosen', 'not_selected')).status).toBe(200);
      const stale = await remove(shop, owner, a.id, 'not_selected');
      expect(stale.status).toBe(409);
      expect(messageOf(stale as HttpResponse)).toBe(
        'Someone else changed this option to Chosen meanwhile. Remove it anyway?',
      );
      expect((await pageItem(shop, owner, shop.faucetId)).options.map((o) => o.id)).toEqual([
        a.id,
        b.id,
      ]);
      // Asked again with the option as it is now, it goes.
      const seen = await remove(shop, owner, a.id, 'chosen');
      expect(seen.status).toBe(200);
      expect(seen.body.options.map((o) => o.id)).toEqual([b.id]);
    });

    it('removes an option unmarked since the screen showed it: nobody’s choice goes with it', async () => {
      const shop = await freshShop();
      const homeowner = await homeownerOf(t, owner, shop.id, 'unmarked-remove-home@example.com');
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      expect((await setPosition(shop, homeowner, a.id, 'liked', 'not_selected')).status).toBe(200);
      expect((await setPosition(shop, homeowner, a.id, 'not_selected', 'liked')).status).toBe(200);
      const res = await remove(shop, owner, a.id, 'liked');
      expect(res.status).toBe(200);
      expect(res.body.options).toEqual([]);
    });

    it('answers 400 to an unknown expected position and removes nothing', async () => {
      const shop = await freshShop();
      const a = await addOption(shop, owner, shop.faucetId, 'Faucet A');
      const res = await remove(shop, owner, a.id, 'favourite');
      expect(res.status).toBe(400);
      expect((await pageItem(shop, owner, shop.faucetId)).options.map((o) => o.id)).toEqual([a.id]);
    });
  });

  it('shopping goes on after the homeowner has signed, and does not touch the signed content', async () => {
    const shop = await freshShop();
    const homeowner = await homeownerOf(t, owner, shop.id, `signer-${randomUUID()}@example.com`);
    const signed = await signAs(t, homeowner, shop.id, 'homeowner');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);

    const a = await addOption(shop, homeowner, shop.faucetId, 'Faucet A');
    const b = await addOption(shop, owner, shop.faucetId, 'Faucet B');
    expect((await setPosition(shop, homeowner, a.id, 'chosen')).status).toBe(200);
    expect((await reorder(shop, homeowner, shop.faucetId, [b.id, a.id])).status).toBe(200);
    const comment = await request(
      t.baseUrl,
      'POST',
      `/api/proposal/${shop.id}/items/${shop.faucetId}/comments`,
      { json: { content: 'Going with A' }, cookie: homeowner.cookie },
    );
    expect(comment.status).toBe(201);
    const removed = await request(t.baseUrl, 'DELETE', `/api/proposal/${shop.id}/options/${b.id}`, {
      cookie: homeowner.cookie,
    });
    expect(removed.status).toBe(200);

    const log = await request(t.baseUrl, 'POST', '/api/proposal/log', {
      json: { proposalId: shop.id },
      cookie: owner.cookie,
    });
    expect(signingLogSchema.parse(log.body).matches.homeowner).toBe(true);
  });
});

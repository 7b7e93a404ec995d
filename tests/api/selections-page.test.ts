import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema, type ProposalInput } from '../../src/shared/schemas/proposal';
import { selectionsPageSchema, type SelectionsPage } from '../../src/shared/schemas/selections';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';
import { insertProduct as insertProductRow } from './support/products';
import { countQueries, type QueryCounter } from './support/query-counter';

/*
 * GET /api/proposal/:id/selections: what the shop page shows, and that it costs the same number of
 * SQL queries whatever the number of groups, items, options and comments (counted at Kysely's
 * executor, like tests/api/query-counts.test.ts).
 */

describe('the shop page', () => {
  let t: TestApp;
  let owner: TestUser;
  let queries: QueryCounter;

  beforeAll(async () => {
    t = await startTestApp({ limits: { requestsPerMinute: 100_000 } });
    owner = await signedInUser(t, 'shop-owner@example.com');
    queries = countQueries(t);
  });
  afterAll(() => t.close());

  const insertProduct = (title: string, url = `https://shop.example.com/${title}`) =>
    insertProductRow(t, {
      title,
      url,
      image_url: '/catalogue/item.png',
      price_cents: null,
      currency: null,
    });

  async function page(id: string): Promise<SelectionsPage> {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}/selections`, {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    return selectionsPageSchema.parse(res.body);
  }

  it('holds the groups with selection items in plan order, each with only its selection items', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        projectName: 'Smith kitchen',
        costGroups: [
          {
            name: 'Kitchens',
            values: [
              { name: 'Faucet', rawCost: '300.50', selection: true, note: 'Chrome' },
              { name: 'Install faucet', rawCost: '120', costType: 1 },
              { name: 'Sink', rawCost: '450', selection: true },
            ],
          },
          { name: 'Demolition', values: [{ name: 'Haul away', rawCost: '300' }] },
          { name: 'Bathrooms', values: [{ name: 'Vanity', rawCost: '900', selection: true }] },
        ],
      }),
    );
    const shop = await page(id);
    expect(shop).toMatchObject({
      proposalId: id,
      projectName: 'Smith kitchen',
      access: { role: 'owner', canEdit: true },
      canShop: true,
      canEditNotes: true,
    });
    expect(shop.groups.map((g) => [g.name, g.items.map((i) => i.name)])).toEqual([
      ['Kitchens', ['Faucet', 'Sink']],
      ['Bathrooms', ['Vanity']],
    ]);
    const faucet = shop.groups[0]!.items[0]!;
    expect(faucet).toMatchObject({
      groupId: shop.groups[0]!.id,
      note: 'Chrome',
      costCents: 30_050,
      options: [],
      comments: [],
    });
  });

  it('never offers a product URL that is not http(s) as a link', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [{ name: 'Kitchens', values: [{ name: 'Faucet', selection: true }] }],
      }),
    );
    const plan = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    const itemId = proposalSchema.parse(plan.body).costGroups[0]!.values[0]!.id;
    const productId = await insertProduct('Sneaky', 'javascript:alert(1)');
    const added = await request(t.baseUrl, 'POST', `/api/proposal/${id}/addProduct/`, {
      json: { costItemId: itemId, productId },
      cookie: owner.cookie,
    });
    expect(added.status).toBe(201);
    const option = (await page(id)).groups[0]!.items[0]!.options[0]!;
    expect(option.product).toMatchObject({
      title: 'Sneaky',
      url: '',
      priceCents: null,
      currency: null,
    });
  });

  describe('query count', () => {
    const plan = (groups: number, items: number): ProposalInput['costGroups'] =>
      Array.from({ length: groups }, (_, g) => ({
        name: `Group ${g + 1}`,
        values: Array.from({ length: items }, (_, i) => ({
          name: `Item ${g + 1}.${i + 1}`,
          rawCost: '10',
          selection: i % 3 !== 2,
        })),
      }));

    /** A proposal with `perItem` options and comments on every selection item. */
    async function shopWith(groups: number, items: number, perItem: number): Promise<string> {
      const id = await createProposal(t, owner, proposalInput({ costGroups: plan(groups, items) }));
      const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
      const selectionItems = proposalSchema
        .parse(res.body)
        .costGroups.flatMap((g) => g.values)
        .filter((v) => v.selection);
      for (const item of selectionItems) {
        for (let n = 0; n < perItem; n++) {
          const productId = await insertProduct(`P ${item.id} ${n}`);
          const added = await request(t.baseUrl, 'POST', `/api/proposal/${id}/addProduct/`, {
            json: { costItemId: item.id, productId },
            cookie: owner.cookie,
          });
          expect(added.status).toBe(201);
          const comment = await request(
            t.baseUrl,
            'POST',
            `/api/proposal/${id}/items/${item.id}/comments`,
            { json: { content: `Comment ${n}` }, cookie: owner.cookie },
          );
          expect(comment.status).toBe(201);
        }
      }
      return id;
    }

    async function countQueries(id: string): Promise<{ count: number; shop: SelectionsPage }> {
      queries.reset();
      const shop = await page(id);
      return { count: queries.count, shop };
    }

    it('is the same for one item and for many items with many options and comments', async () => {
      const small = await shopWith(1, 1, 1);
      const large = await shopWith(6, 5, 2);
      const one = await countQueries(small);
      const many = await countQueries(large);
      const items = many.shop.groups.flatMap((g) => g.items);
      expect(items).toHaveLength(24);
      for (const item of items) {
        expect(item.options).toHaveLength(2);
        expect(item.comments).toHaveLength(2);
      }
      expect(one.count).toBeGreaterThan(0);
      expect(many.count).toBe(one.count);
    });
  });
});

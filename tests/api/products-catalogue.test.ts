/**
 * The product catalogue (docs/product/catalogue.md "Product list"): full-text search with prefixes and ranking,
 * paging of 8, validation, suggestions by item name, and the seed images. Runs on SQLite and,
 * with TEST_DB=postgres, on PostgreSQL: both engines must answer alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productListSchema, type Product } from '../../src/shared/schemas/products';
import { SEED_PRODUCTS } from '../../src/server/products/seed/catalogue';
import { SEARCH_CANDIDATES } from '../../src/server/products/search-terms';
import { request, startTestApp, type TestApp } from './support/test-app';
import { insertProduct as insertProductRow } from './support/products';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function list(query: string): Promise<Product[]> {
  const res = await request<Product[]>(t.baseUrl, 'GET', `/api/products?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return productListSchema.parse(res.body);
}

const search = (terms: string, page = 1) =>
  list(new URLSearchParams({ limit: '8', page: String(page), searchTerms: terms }).toString());

async function suggest(name: string, excluded: string[] = []): Promise<Product[]> {
  const res = await request<Product[]>(
    t.baseUrl,
    'POST',
    `/api/products/byName/${encodeURIComponent(name)}`,
    { json: { selections: excluded.map((productId) => ({ productId })) } },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return productListSchema.parse(res.body);
}

const insertProduct = (values: {
  title: string;
  keywords?: string;
  catalogue?: 0 | 1;
  manual?: 0 | 1;
}) => insertProductRow(t, values);

describe('the catalogue list', () => {
  it('shows 8 seed products to a logged-out visitor, with a price, a host and an image on this site', async () => {
    const page = await list('limit=8&page=1&searchTerms=');
    expect(page).toHaveLength(8);
    for (const product of page) {
      expect(product.image).toMatch(/^\/api\/products\/images\/[a-z0-9-]+\.jpg$/);
      expect(product.url).toMatch(/^https:\/\/[a-z.]*example\.(com|net|org)\//);
      expect(product.hostname).not.toBe('');
      expect(product.manual).toBe(false);
      expect(product.canEdit).toBe(false);
    }
  });

  it('pages through the whole catalogue 8 at a time, without repeats, until a short page', async () => {
    const seen = new Set<string>();
    let page = 1;
    for (;;) {
      const products = await search('', page);
      for (const p of products) {
        expect(seen.has(p._id), `${p.title} shown twice`).toBe(false);
        seen.add(p._id);
      }
      if (products.length < 8) break;
      page += 1;
    }
    const { count } = await t.app.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('catalogue', '=', 1)
      .executeTakeFirstOrThrow();
    expect(seen.size).toBe(Number(count));
    expect(seen.size).toBeGreaterThanOrEqual(SEED_PRODUCTS.length);
  });

  it('finds words by their beginning: "fauc" finds faucets', async () => {
    const products = await search('fauc');
    expect(products).toHaveLength(8);
    for (const p of products) expect(p.title).toMatch(/faucet/i);
  });

  it('needs every word to match, and pages the matches', async () => {
    const all: Product[] = [];
    for (let page = 1; ; page++) {
      const products = await search('kitchen faucet', page);
      all.push(...products);
      if (products.length < 8) break;
    }
    const expected = SEED_PRODUCTS.filter(
      (p) =>
        /\bkitchen/i.test(`${p.title} ${p.category}`) &&
        /\bfaucet/i.test(`${p.title} ${p.category}`),
    );
    expect(all.length).toBeGreaterThan(8);
    expect(all.map((p) => p._id).sort()).toEqual(expected.map((p) => p.id).sort());
  });

  it('ranks a product named by the words above one that only shares its category', async () => {
    const inCategory = await insertProduct({ title: 'Plain Basin', keywords: 'quillsworth' });
    const named = await insertProduct({ title: 'Quillsworth Vessel Sink', keywords: 'sinks' });
    const products = await search('quillsworth');
    expect(products.map((p) => p._id)).toEqual([named, inCategory]);
    expect((await search('quillsw vess')).map((p) => p._id)).toEqual([named]);
  });

  it('pages a word found in more products than it ranks up to that many, without repeats', async () => {
    const found = SEARCH_CANDIDATES + 20;
    for (let i = 0; i < found; i++) await insertProduct({ title: `Trellimore Hook ${i}` });
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      const products = await search('trellim', page);
      for (const p of products) {
        expect(p.title).toMatch(/^Trellimore Hook \d+$/);
        expect(seen.has(p._id), `${p.title} shown twice`).toBe(false);
        seen.add(p._id);
      }
      if (products.length < 8) break;
    }
    expect(seen.size).toBe(SEARCH_CANDIDATES);
  });

  it('treats quotes, operators and other query syntax as plain text', async () => {
    const nasty = [
      '"',
      '"kitchen',
      'faucet"*',
      'NEAR(kitchen faucet)',
      'kitchen AND OR NOT',
      'title:faucet',
      'fauc:* & !sink | (tile)',
      "'; drop table products; --",
      '*',
      '^kitchen',
      '\\',
      '💧 faucet',
    ];
    for (const terms of nasty) {
      const res = await request(
        t.baseUrl,
        'GET',
        `/api/products?${new URLSearchParams({ limit: '8', page: '1', searchTerms: terms }).toString()}`,
      );
      expect(res.status, `${terms}: ${JSON.stringify(res.body)}`).toBe(200);
      expect(Array.isArray(res.body)).toBe(true);
    }
    // The words still count: the emoji is dropped, "faucet" is searched.
    expect((await search('💧 faucet')).length).toBe(8);
  });

  it('answers a readable 400 for a bad limit or page', async () => {
    const cases: [string, string][] = [
      ['limit=0', 'limit must be at least 1.'],
      ['limit=51', 'limit must be at most 50.'],
      ['limit=abc', 'limit must be a number.'],
      ['page=0', 'page must be at least 1.'],
      ['page=1.5', 'page must be a whole number.'],
      [`searchTerms=${'a'.repeat(201)}`, 'Search terms: at most 200 characters.'],
    ];
    for (const [query, message] of cases) {
      const res = await request<{ message: string }>(t.baseUrl, 'GET', `/api/products?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });

  it('never lists products entered by hand for an item', async () => {
    await insertProduct({ title: 'Zephyrine Handmade Lamp', manual: 1, catalogue: 0 });
    expect(await search('zephyrine')).toEqual([]);
    expect(await suggest('Zephyrine lamp')).not.toContainEqual(
      expect.objectContaining({ title: 'Zephyrine Handmade Lamp' }),
    );
  });
});

describe('suggestions by item name', () => {
  it('offers up to 4 catalogue products for any word of the name, best first', async () => {
    const products = await suggest('Kitchen Faucet');
    expect(products).toHaveLength(4);
    for (const p of products) expect(p.title).toMatch(/kitchen faucet/i);
  });

  it('leaves out the products already on the item', async () => {
    const first = await suggest('Kitchen Faucet');
    const next = await suggest(
      'Kitchen Faucet',
      first.map((p) => p._id),
    );
    expect(next).toHaveLength(4);
    for (const p of next) expect(first.map((f) => f._id)).not.toContain(p._id);
  });

  it('suggests nothing for a name without words, and validates the body', async () => {
    expect(await suggest('-- & --')).toEqual([]);
    const res = await request<{ message: string }>(t.baseUrl, 'POST', '/api/products/byName/sink', {
      json: { selections: 'all' },
    });
    expect(res.status).toBe(400);
  });
});

describe('seed images', () => {
  it('serves a seed image as a cacheable JPEG to anyone', async () => {
    const file = SEED_PRODUCTS[0]?.image ?? '';
    const res = await fetch(`${t.baseUrl}/api/products/images/${file}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/jpeg');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=\d{6,}/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('answers 404 for any other name, and for every way of climbing out of the directory', async () => {
    const paths = [
      'no-such-image-999.jpg',
      SEED_PRODUCTS[0]?.image.toUpperCase() ?? '',
      '..%2F..%2Fpackage.json',
      '..%2f..%2f..%2fsrc%2fserver%2fapp.ts',
      '%2e%2e%2fcatalogue.json',
      '..%5C..%5Cpackage.json',
      'catalogue.json',
      '.env',
      `${SEED_PRODUCTS[0]?.image ?? ''}%00.png`,
    ];
    for (const p of paths) {
      const res = await fetch(`${t.baseUrl}/api/products/images/${p}`);
      expect(res.status, p).toBe(404);
    }
  });
});

/**
 * A page that gives only its title is a failed lookup (decision 0083, review 25): the clip
 * answers 422 with the title it read, so the manual form can start from it, and nothing enters
 * the catalogue. A page that gives a photo or a price still clips. The shop is served on
 * loopback by this test and allowed through CLIP_ALLOW_HOSTS.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '../../src/shared/schemas/errors';
import { productSchema, type Product } from '../../src/shared/schemas/products';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

const NOTHING_TO_ADD =
  'We found no price or photo of a product on that page. Please add it by hand.';

const pages = new Map<string, { type: string; body: string | Buffer }>();
let shopServer: http.Server;
let shopUrl: string;
let t: TestApp;
let casey: TestUser;

const page = (head: string, body = '') =>
  `<!doctype html><html><head>${head}</head><body>${body}</body></html>`;

beforeAll(async () => {
  shopServer = http.createServer((req, res) => {
    const found = pages.get(new URL(req.url ?? '/', 'http://x').pathname);
    if (!found) res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    else res.writeHead(200, { 'content-type': found.type }).end(found.body);
  });
  await new Promise<void>((resolve) => shopServer.listen(0, '127.0.0.1', resolve));
  const { port } = shopServer.address() as AddressInfo;
  shopUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { CLIP_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  casey = await signedInUser(t, 'casey@example.com');

  pages.set('/img/tap.jpg', {
    type: 'image/jpeg',
    body: await sharp({ create: { width: 400, height: 400, channels: 3, background: '#888' } })
      .jpeg()
      .toBuffer(),
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => shopServer?.close(resolve));
});

const clip = (url: string) =>
  request<Product & { message?: string }>(t.baseUrl, 'POST', '/api/products/', {
    json: { url },
    cookie: casey.cookie,
  });

/** Products of any kind whose title is this one: the catalogue and everything else. */
async function productsTitled(title: string): Promise<number> {
  const { count } = await t.app.ctx.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('title', '=', title)
    .executeTakeFirstOrThrow();
  return Number(count);
}

async function catalogueSearch(terms: string): Promise<string[]> {
  const res = await request<Product[]>(
    t.baseUrl,
    'GET',
    `/api/products?limit=8&page=1&searchTerms=${encodeURIComponent(terms)}`,
  );
  expect(res.status).toBe(200);
  return res.body.map((p) => p.title);
}

describe('a page that gives only its title', () => {
  it('answers 422 in the app’s error shape with the title it read, and keeps nothing', async () => {
    // The reviewer's page, and a category page whose only pictures are site furniture.
    pages.set('/p/bare.html', {
      type: 'text/html',
      body: page('<title>Nothing here</title>', '<p>Nothing to see.</p>'),
    });
    pages.set('/c/taps', {
      type: 'text/html; charset=utf-8',
      body: page(
        '<title>Kitchen Taps | Loopback Store</title><meta property="og:title" content="Kitchen Taps">',
        `<img src="${shopUrl}/img/logo.png" width="40" height="40" alt=""><h1>Kitchen Taps</h1>`,
      ),
    });
    for (const [path, title] of [
      ['/p/bare.html', 'Nothing here'],
      ['/c/taps', 'Kitchen Taps'],
    ] as const) {
      const res = await clip(`${shopUrl}${path}`);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      // Nothing beyond the app's error shape, and the title beside its message.
      const { requestId, ...answer } = apiErrorSchema.strict().parse(res.body);
      expect(requestId).toBeTruthy();
      expect(answer).toEqual({
        statusCode: 422,
        error: 'Unprocessable Entity',
        message: NOTHING_TO_ADD,
        found: { title },
      });
      expect(await productsTitled(title)).toBe(0);
      expect(await catalogueSearch(title)).toEqual([]);
    }
  });

  it('is a failed lookup too when the photo it names cannot be fetched and no price is given', async () => {
    pages.set('/p/lost-photo', {
      type: 'text/html',
      body: page(
        `<meta property="og:title" content="Lost Photo Lamp"><meta property="og:image" content="${shopUrl}/img/gone.jpg">`,
      ),
    });
    const res = await clip(`${shopUrl}/p/lost-photo`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toMatchObject({
      message: NOTHING_TO_ADD,
      found: { title: 'Lost Photo Lamp' },
    });
    expect(await productsTitled('Lost Photo Lamp')).toBe(0);
  });

  it('answers the same when clipped again: nothing was kept that the next clip would find', async () => {
    const again = await clip(`${shopUrl}/p/bare.html`);
    expect(again.status).toBe(422);
    expect(await productsTitled('Nothing here')).toBe(0);
  });

  it('a page with nothing at all still answers without a title to offer', async () => {
    pages.set('/p/blank', { type: 'text/html', body: page('') });
    const res = await clip(`${shopUrl}/p/blank`);
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      message: 'We could not find a product on that page. Please add it by hand.',
    });
    expect(res.body).not.toHaveProperty('found');
  });
});

describe('a page that gives a photo or a price', () => {
  it('clips with a photo and no price', async () => {
    pages.set('/p/tap-photo', {
      type: 'text/html',
      body: page(
        '<title>Arc Tap | Loopback Store</title>',
        `<h1>Arc Tap</h1><img src="${shopUrl}/img/tap.jpg" width="400" height="400" alt="">`,
      ),
    });
    const res = await clip(`${shopUrl}/p/tap-photo`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const product = productSchema.parse(res.body);
    expect(product).toMatchObject({ title: 'Arc Tap | Loopback Store', priceCents: null });
    expect(product.image).toMatch(/^\/api\/files\//);
    expect(await catalogueSearch('arc tap')).toContain('Arc Tap | Loopback Store');
  });

  it('clips with a price and no photo', async () => {
    pages.set('/p/tap-price', {
      type: 'text/html',
      body: page(
        '<meta property="og:title" content="Bridge Tap"><meta property="product:price:amount" content="349.00"><meta property="product:price:currency" content="USD">',
      ),
    });
    const res = await clip(`${shopUrl}/p/tap-price`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(productSchema.parse(res.body)).toMatchObject({
      title: 'Bridge Tap',
      image: '',
      priceCents: 34900,
      currency: 'USD',
    });
    expect(await catalogueSearch('bridge tap')).toContain('Bridge Tap');
  });
});

/**
 * Clipping a product from a retailer page (docs/product/catalogue.md "Adding products", issue 5, section 2): a shop served on
 * loopback by this test (allowed through CLIP_ALLOW_HOSTS), JSON-LD extraction, the image kept as
 * our own copy, de-duplication by canonical URL, and the refusals that must never be a 5xx.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FETCHES_AT_ONCE, TOO_MANY_AT_ONCE } from '../../src/server/products/fetches-in-flight';
import { productSchema, type Product } from '../../src/shared/schemas/products';
import { BIG_PAGE_PRODUCT, bigProductPage } from '../support/big-product-page';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

/** A tiny shop: each path answers what the test put there, and it can change between requests. */
interface Answer {
  status?: number;
  type: string;
  body: string | Buffer;
}
const shop = new Map<string, Answer>();
/** Paths whose answer waits for a promise, and the paths asked for so far. */
const held = new Map<string, Promise<void>>();
const asked: string[] = [];
let shopServer: http.Server;
let shopUrl: string;

let t: TestApp;
let casey: TestUser;
let dana: TestUser;

const red = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#c00' } })
    .jpeg()
    .toBuffer();
const blue = () =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: '#00c' } })
    .jpeg()
    .toBuffer();

function productPage(opts: {
  name: string;
  price?: string;
  currency?: string;
  image?: string;
  canonical?: string;
}): string {
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: opts.name,
    image: opts.image,
    offers: { '@type': 'Offer', price: opts.price, priceCurrency: opts.currency },
  };
  return `<!doctype html><html><head>
    ${opts.canonical ? `<link rel="canonical" href="${opts.canonical}">` : ''}
    <script type="application/ld+json">${JSON.stringify(ld)}</script>
    </head><body><h1>${opts.name}</h1></body></html>`;
}

const html = (body: string): Answer => ({ type: 'text/html; charset=utf-8', body });

beforeAll(async () => {
  shopServer = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(path);
    void (held.get(path) ?? Promise.resolve()).then(() => {
      const answer = shop.get(path);
      if (!answer) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(answer.status ?? 200, { 'content-type': answer.type }).end(answer.body);
    });
  });
  await new Promise<void>((resolve) => shopServer.listen(0, '127.0.0.1', resolve));
  const { port } = shopServer.address() as AddressInfo;
  shopUrl = `http://127.0.0.1:${port}`;
  t = await startTestApp({ env: { CLIP_ALLOW_HOSTS: `127.0.0.1:${port}` } });
  casey = await signedInUser(t, 'casey@example.com');
  dana = await signedInUser(t, 'dana@example.com');
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => shopServer?.close(resolve));
});

async function clip(who: TestUser | null, url: string) {
  return request<Product & { message?: string }>(t.baseUrl, 'POST', '/api/products/', {
    json: { url },
    cookie: who?.cookie,
  });
}

async function imageBytes(
  path: string,
  cookie?: string,
): Promise<{ status: number; bytes: Buffer }> {
  const res = await fetch(t.baseUrl + path, { headers: cookie ? { cookie } : {} });
  return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('clipping a product page', () => {
  it('reads title, price and currency from JSON-LD and keeps a copy of the image', async () => {
    shop.set('/img/lamp.jpg', { type: 'image/jpeg', body: await red() });
    shop.set(
      '/p/lamp',
      html(
        productPage({
          name: 'Brass Arc Floor Lamp',
          price: '1,299.00',
          currency: 'USD',
          image: `${shopUrl}/img/lamp.jpg`,
          canonical: `${shopUrl}/p/lamp`,
        }),
      ),
    );
    const res = await clip(casey, `${shopUrl}/p/lamp`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const product = productSchema.parse(res.body);
    expect(product).toMatchObject({
      title: 'Brass Arc Floor Lamp',
      priceCents: 129900,
      currency: 'USD',
      hostname: '127.0.0.1',
      url: `${shopUrl}/p/lamp`,
      manual: false,
      canEdit: false,
    });
    expect(product.image).toMatch(/^\/api\/files\/[0-9a-f-]{36}$/);
    // Who clipped it is never part of the answer.
    expect(JSON.stringify(res.body)).not.toContain('casey');

    const first = await imageBytes(product.image);
    expect(first.status).toBe(200);
    // The shop changes its picture, then removes it: ours stays as it was.
    shop.set('/img/lamp.jpg', { type: 'image/jpeg', body: await blue() });
    expect((await imageBytes(product.image)).bytes).toEqual(first.bytes);
    shop.delete('/img/lamp.jpg');
    const later = await imageBytes(product.image);
    expect(later.status).toBe(200);
    expect(later.bytes).toEqual(first.bytes);
  });

  it('puts the clipped product in the catalogue, image readable by a logged-out visitor', async () => {
    const res = await clip(casey, `${shopUrl}/p/lamp`);
    const product = productSchema.parse(res.body);
    const found = await request<Product[]>(
      t.baseUrl,
      'GET',
      '/api/products?limit=8&page=1&searchTerms=brass%20arc',
    );
    expect(found.body.map((p) => p._id)).toContain(product._id);
    const image = await imageBytes(product.image);
    expect(image.status).toBe(200);
    expect(image.bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });

  it('gives every clip of the same page the same product, whoever clips it and however it is linked', async () => {
    const first = productSchema.parse((await clip(casey, `${shopUrl}/p/lamp`)).body);
    const tracked = await clip(dana, `${shopUrl}/p/lamp?utm_source=mail&gclid=abc#reviews`);
    expect(productSchema.parse(tracked.body)._id).toBe(first._id);

    // Another address of the same page, whose canonical link names the first.
    shop.set(
      '/p/lamp-sale',
      html(
        productPage({
          name: 'Brass Arc Floor Lamp (Sale)',
          price: '999',
          currency: 'USD',
          canonical: `${shopUrl}/p/lamp`,
        }),
      ),
    );
    const alias = await clip(dana, `${shopUrl}/p/lamp-sale`);
    expect(productSchema.parse(alias.body)._id).toBe(first._id);
    expect(productSchema.parse(alias.body).title).toBe('Brass Arc Floor Lamp');

    const { count } = await t.app.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('title', 'like', 'Brass Arc Floor Lamp%')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(1);
  });

  it('keeps a product whose image cannot be fetched, without an image', async () => {
    shop.set(
      '/p/stool',
      html(
        productPage({
          name: 'Walnut Counter Stool',
          price: '£ 149,50',
          currency: 'GBP',
          image: `${shopUrl}/img/gone.jpg`,
        }),
      ),
    );
    const res = await clip(casey, `${shopUrl}/p/stool`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(productSchema.parse(res.body)).toMatchObject({
      title: 'Walnut Counter Stool',
      image: '',
      priceCents: 14950,
      currency: 'GBP',
    });
  });

  it('answers 422 with a clear message when the page has no product, is not a page, or fails', async () => {
    shop.set('/empty', html('<!doctype html><html><head></head><body><p></p></body></html>'));
    shop.set('/manual.pdf', { type: 'application/pdf', body: Buffer.from('%PDF-1.4\n') });
    const cases: [string, RegExp][] = [
      ['/empty', /^We could not find a product on that page\. Please add it by hand\.$/],
      ['/manual.pdf', /not a web page/i],
      ['/no-such-page', /error/i],
    ];
    for (const [path, message] of cases) {
      const res = await clip(casey, `${shopUrl}${path}`);
      expect(res.status, path).toBe(422);
      expect(res.body.message).toMatch(message);
    }
  });

  it('refuses addresses outside the allowed shop with a 4xx and a message, never a 5xx', async () => {
    const { port } = shopServer.address() as AddressInfo;
    for (const url of [
      `http://localhost:${port}/p/lamp`,
      `http://[::1]:${port}/p/lamp`,
      'http://10.0.0.1/p/lamp',
      'http://169.254.169.254/latest/meta-data/',
      'http://127.0.0.1:1/p/lamp',
    ]) {
      const res = await clip(casey, url);
      expect(res.status, url).toBeGreaterThanOrEqual(400);
      expect(res.status, url).toBeLessThan(500);
      expect(res.body.message, url).toMatch(/\w+/);
    }
  });

  it('validates the URL and asks a logged-out visitor to log in', async () => {
    const bad = await clip(casey, 'javascript:alert(1)');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain(
      'Please enter valid Product URL. E.g. https://www.example.com/',
    );
    const loggedOut = await clip(null, `${shopUrl}/p/lamp`);
    expect(loggedOut.status).toBe(401);
    expect(loggedOut.body.message).toBe('Please log in to add products from a web page.');
  });
});

describe('pages parsed in the worker pool (decision 0026)', () => {
  it('clips a 3 MB page: product, price, canonical address and a copy of its photo', async () => {
    shop.set(BIG_PAGE_PRODUCT.image, { type: 'image/jpeg', body: await red() });
    const page = bigProductPage();
    expect(page.length).toBeGreaterThan(2_900_000);
    shop.set('/p/big-lamp', { type: 'text/html; charset=utf-8', body: page });
    const res = await clip(casey, `${shopUrl}/p/big-lamp?ref=menu`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const product = productSchema.parse(res.body);
    expect(product).toMatchObject({
      title: BIG_PAGE_PRODUCT.title,
      priceCents: BIG_PAGE_PRODUCT.priceCents,
      currency: BIG_PAGE_PRODUCT.currency,
      url: `${shopUrl}${BIG_PAGE_PRODUCT.path}`,
    });
    expect((await imageBytes(product.image)).status).toBe(200);
  });

  it('answers a malformed page with the same 422 as ever, and keeps clipping afterwards', async () => {
    // Broken JSON-LD, an empty title, unclosed and stray tags, bytes that are not UTF-8, and a
    // charset no decoder knows.
    const body = Buffer.concat([
      Buffer.from(
        '<!doctype html><html><head><script type="application/ld+json">{"@type": "Product", "name": </script>' +
          '<meta property="og:title" content=""><title></title></head><body><div><p itemscope ' +
          'itemtype="https://schema.org/Product"><span itemprop="price">abc</span><b><i>',
      ),
      Buffer.from([0x00, 0xff, 0xfe, 0xc3, 0x28, 0xa0]),
      Buffer.from('</table></html></body>'),
    ]);
    shop.set('/p/broken', { type: 'text/html; charset=no-such-charset', body });
    const res = await clip(casey, `${shopUrl}/p/broken`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.message).toBe(
      'We could not find a product on that page. Please add it by hand.',
    );

    shop.set(
      '/p/after-broken',
      html(productPage({ name: 'Cedar Plant Stand', price: '45', currency: 'USD' })),
    );
    const next = await clip(casey, `${shopUrl}/p/after-broken`);
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(productSchema.parse(next.body).title).toBe('Cedar Plant Stand');
  });
});

describe('overlong page addresses', () => {
  // Varied CJK characters: each is 9 bytes once percent-encoded, and they do not compress away.
  const longPath = (n: number, from: number) =>
    '/p/' +
    Array.from({ length: n }, (_, i) => String.fromCodePoint(from + ((i * 7919) % 20000))).join('');
  const encoded = (path: string) => new URL(path, 'http://x').pathname;

  it('ignores a canonical URL too long to keep and stores the page under its own address', async () => {
    const canonical = `${shopUrl}${encoded(longPath(1500, 0x4e00))}`;
    shop.set(
      '/p/long-canonical',
      html(productPage({ name: 'Teak Bath Caddy', price: '89', currency: 'USD', canonical })),
    );
    const res = await clip(casey, `${shopUrl}/p/long-canonical`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(productSchema.parse(res.body)).toMatchObject({
      title: 'Teak Bath Caddy',
      url: `${shopUrl}/p/long-canonical`,
    });
  });

  it('answers 422 with a clear message when even the page address is too long to keep', async () => {
    // Within the form's 2,000 characters as typed; about 9 KB as stored.
    const path = longPath(1000, 0x5e00);
    shop.set(
      encoded(path),
      html(productPage({ name: 'Slate Soap Dish', price: '19', currency: 'USD' })),
    );
    const res = await clip(casey, `${shopUrl}${path}`);
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.message).toBe(
      'The address of that page is too long for us to keep. Please add the product by hand with a shorter link.',
    );
    const { count } = await t.app.ctx.db
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('title', '=', 'Slate Soap Dish')
      .executeTakeFirstOrThrow();
    expect(Number(count)).toBe(0);
  });
});

describe('without CLIP_ALLOW_HOSTS', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await startTestApp();
  });
  afterAll(async () => {
    await strict?.close();
  });

  it('refuses the loopback shop with a 422 and a message', async () => {
    const user = await signedInUser(strict, 'erin@example.com');
    const res = await request<{ message: string }>(strict.baseUrl, 'POST', '/api/products/', {
      json: { url: `${shopUrl}/p/lamp` },
      cookie: user.cookie,
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toMatch(/cannot be fetched|standard ports/);
  });
});

describe("one person's clips at once", () => {
  it(`runs ${FETCHES_AT_ONCE} at once; one more answers 429 while they wait, and others clip on`, async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = Array.from({ length: FETCHES_AT_ONCE + 1 }, (_, i) => `/slow/${i}`);
    for (const [i, path] of slow.entries()) {
      shop.set(path, html(productPage({ name: `Slow lamp ${i}`, price: '60', currency: 'USD' })));
      held.set(path, gate);
    }
    shop.set('/p/quick', html(productPage({ name: 'Quick lamp', price: '40', currency: 'USD' })));
    const running = slow.slice(0, -1).map((path) => clip(casey, shopUrl + path));
    try {
      // Every one of them is at the shop, waiting for its page.
      await vi.waitFor(
        () => expect(asked.filter((p) => p.startsWith('/slow/'))).toHaveLength(FETCHES_AT_ONCE),
        { timeout: 20_000 },
      );
      const oneMore = await clip(casey, shopUrl + slow.at(-1)!);
      expect(oneMore.status).toBe(429);
      expect(oneMore.body.message).toBe(TOO_MANY_AT_ONCE);
      expect((await clip(dana, `${shopUrl}/p/quick`)).body.title).toBe('Quick lamp');
    } finally {
      release();
    }
    expect((await Promise.all(running)).map((res) => res.status)).toEqual(
      Array(FETCHES_AT_ONCE).fill(200),
    );
    expect((await clip(casey, shopUrl + slow.at(-1)!)).body.title).toBe(
      `Slow lamp ${FETCHES_AT_ONCE}`,
    );
  });
});

import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClippedPage } from './clip-page';
import { type ClipRequest, type DnsAnswers, fixedResolver } from './clip-task';
import { type ExtractedProduct, extractProduct } from './extract';
import { CLIP_MESSAGES, ClipError, type FetchPageOptions, fetchPage } from './fetch-page';
import { type PageParser, createPageParser } from './page-parser';

/*
 * The clipper end to end over saved retailer pages: each page is served by a local server under
 * its shop's host name (resolved to 127.0.0.1 by an injected resolver) and that host:port is
 * allow-listed, as CLIP_ALLOW_HOSTS does for the browser tests. Everything else goes through the
 * real guard, in the parse worker, as the clip route runs it (decision 0047).
 */

const FIXTURES = fileURLToPath(
  new URL('../../../../tests/fixtures/retailer-pages/', import.meta.url),
);

interface FixturePage {
  file: string;
  covers: string;
  url: string;
  contentType?: string;
  expected: ExtractedProduct;
}

const manifest = JSON.parse(readFileSync(path.join(FIXTURES, 'expectations.json'), 'utf8')) as {
  pages: FixturePage[];
};
const pages = manifest.pages;
const bodies = new Map(pages.map((p) => [p.file, readFileSync(path.join(FIXTURES, p.file))]));
const byPath = new Map(pages.map((p) => [new URL(p.url).pathname, p]));
const shopHosts = [...new Set(pages.map((p) => new URL(p.url).hostname))];

const MB = 1024 * 1024;
/** The smallest valid PNG (1×1), as an image URL pasted by mistake would serve. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<< /Type /Catalog >>\nendobj\n',
  'latin1',
);

/** A product page padded with reviews to about `bytes` long, as an endless review list does. */
function hugePage(bytes: number): Buffer {
  const page = bodies.get('jsonld-plain.html')?.toString('utf8') ?? '';
  const review =
    '<article class="review"><h3>Works well</h3><p>Installed in an afternoon, no leaks, the finish matches our cabinet pulls.</p><p>— A verified buyer</p></article>\n';
  const room = Math.max(0, bytes - Buffer.byteLength(page));
  const padding = review.repeat(Math.ceil(room / review.length)).slice(0, room);
  return Buffer.from(page.replace('</main>', `${padding}</main>`));
}

let server: http.Server;
let port: number;
let origin: (host: string) => string;
/** A second loopback server that must never be reached through a refused redirect. */
let bystander: http.Server;
let bystanderPort: number;
let bystanderHits = 0;
let huge: Buffer;
let nearLimit: Buffer;
/** Resolves when the clipper hangs up on the endless page (decision 0034). */
let endlessClosed: Promise<void> = Promise.resolve();

function send(res: http.ServerResponse, type: string, body: Buffer | string, length = true): void {
  const headers: http.OutgoingHttpHeaders = { 'content-type': type };
  if (length) headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(200, headers);
  res.end(body);
}

function route(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://placeholder');
  const hops = /^\/redirect\/(\d+)$/.exec(url.pathname);
  if (hops) {
    const n = Number(hops[1]);
    const next = n > 1 ? `/redirect/${n - 1}` : new URL(pages[0]?.url ?? '/').pathname;
    res.writeHead(n % 2 ? 302 : 301, { location: next });
    res.end();
    return;
  }
  const page = byPath.get(url.pathname);
  if (page) {
    send(res, page.contentType ?? 'text/html; charset=utf-8', bodies.get(page.file) ?? '');
    return;
  }
  switch (url.pathname) {
    case '/to':
      res.writeHead(302, { location: url.searchParams.get('target') ?? '/' });
      res.end();
      return;
    case '/huge-streamed':
      // No content-length: the limit must hold while reading.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(huge);
      return;
    case '/huge-declared':
      send(res, 'text/html; charset=utf-8', huge);
      return;
    case '/near-limit':
      send(res, 'text/html; charset=utf-8', nearLimit, false);
      return;
    case '/aria-brass.png':
      send(res, 'image/png', PNG);
      return;
    case '/spec-sheet.pdf':
      send(res, 'application/pdf', PDF);
      return;
    case '/download':
      send(res, 'application/octet-stream', PDF);
      return;
    case '/api/product.json':
      send(res, 'application/json', '{"name":"Aria faucet","price":289}');
      return;
    case '/products/og-head-jsonld-at-end': {
      // Open Graph with a price in the head, the JSON-LD Product after a long body, as some
      // shop platforms print it: the JSON-LD still wins, as it does on any page.
      const jsonLd = JSON.stringify({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Aria Faucet (JSON-LD)',
        image: '/aria.jpg',
        offers: { '@type': 'Offer', price: '279.00', priceCurrency: 'USD' },
      });
      const head =
        '<meta property="og:title" content="Aria Faucet (Open Graph)">' +
        '<meta property="og:image" content="/aria-og.jpg">' +
        '<meta property="product:price:amount" content="289.00">' +
        '<meta property="product:price:currency" content="USD">';
      const body = '<p>A review.</p>\n'.repeat(20_000);
      send(
        res,
        'text/html; charset=utf-8',
        `<!doctype html><html><head>${head}</head><body>${body}<script type="application/ld+json">${jsonLd}</script></body></html>`,
      );
      return;
    }
    case '/untyped-page':
      send(res, 'application/octet-stream', bodies.get('jsonld-plain.html') ?? '');
      return;
    case '/never':
      return; // holds the connection open without answering
    case '/trickle': {
      // Answers at once, then a byte of body now and then, never reaching the end of the head.
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write('<!doctype html><html><head><title>Aria faucet</title>');
      const drip = setInterval(() => res.write(' '), 20);
      res.on('close', () => clearInterval(drip));
      return;
    }
    case '/products/aria-endless-reviews': {
      // The saved page's head, then reviews that never end: only stopping at the head answers.
      const page = bodies.get('jsonld-plain.html')?.toString('utf8') ?? '';
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.write(page.slice(0, page.indexOf('</main>')));
      const more = setInterval(() => res.write('<p>Another review.</p>\n'.repeat(100)), 5);
      endlessClosed = new Promise((done) =>
        res.on('close', () => {
          clearInterval(more);
          done();
        }),
      );
      return;
    }
    default:
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<!doctype html><title>Page not found</title><h1>Sorry, this page is gone</h1>');
  }
}

/** Shop names resolve to the test server; two names stand for hostile DNS answers. */
const dnsAnswers: DnsAnswers = {
  ...Object.fromEntries(shopHosts.map((host) => [host, [{ address: '127.0.0.1', family: 4 }]])),
  'intranet-shop.example': [{ address: '10.0.0.1', family: 4 }],
  'rebind.example': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
};

/** For fetchPage called here, in the test's own thread. */
let opts: FetchPageOptions;
/** The app's worker pool, as the clip route uses it. */
let parser: PageParser;

beforeAll(async () => {
  huge = hugePage(3 * MB + 64 * 1024);
  nearLimit = hugePage(Math.floor(2.9 * MB));
  server = http.createServer(route);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  origin = (host) => `http://${host}:${port}`;
  bystander = http.createServer((_req, res) => {
    bystanderHits += 1;
    res.end('internal admin');
  });
  await new Promise<void>((done) => bystander.listen(0, '127.0.0.1', done));
  bystanderPort = (bystander.address() as AddressInfo).port;
  parser = createPageParser();
  opts = {
    allowHosts: [...shopHosts.map((h) => `${h}:${port}`), `127.0.0.1:${port}`],
    resolve: fixedResolver(dnsAnswers),
  };
});

/** A clip as the clip route asks the app's worker pool for one. */
function clip(url: string, limits: Partial<ClipRequest> = {}): Promise<ClippedPage> {
  return parser.clip({ url, allowHosts: opts.allowHosts, dnsAnswers, ...limits });
}

afterAll(async () => {
  await parser.close();
  server.closeAllConnections();
  bystander.closeAllConnections();
  await Promise.all(
    [server, bystander].map((s) => new Promise<void>((done) => s.close(() => done()))),
  );
});

/** The address the saved page is served at: its own URL on the test server's port, over http. */
function servedUrl(page: FixturePage): string {
  const url = new URL(page.url);
  return `${origin(url.hostname)}${url.pathname}${url.search}`;
}

function expectedFor(page: FixturePage): ExtractedProduct {
  const at = origin(new URL(page.url).hostname);
  const fill = (v: string | null) => v && v.replace('{origin}', at);
  return {
    ...page.expected,
    image: fill(page.expected.image),
    canonicalUrl: fill(page.expected.canonicalUrl),
  };
}

async function refusal(promise: Promise<unknown>): Promise<ClipError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ClipError);
  expect((err as ClipError).statusCode).toBe(422);
  return err as ClipError;
}

describe('clipping saved retailer pages', () => {
  it('has at least 12 saved pages, each with expectations', () => {
    expect(pages.length).toBeGreaterThanOrEqual(12);
    for (const p of pages) expect(bodies.get(p.file)?.length).toBeGreaterThan(500);
  });

  it.each(pages.map((p) => [p.file, p] as const))('%s', async (_file, page) => {
    const clipped = await clip(servedUrl(page));
    expect(clipped).toEqual({ ...expectedFor(page), finalUrl: servedUrl(page) });
  });

  it.each(pages.filter((p) => !p.contentType).map((p) => [p.file, p] as const))(
    'fetchPage + extractProduct give the same for %s',
    async (_file, page) => {
      const fetched = await fetchPage(servedUrl(page), opts);
      expect(extractProduct(fetched.body.toString('utf8'), fetched.finalUrl)).toEqual(
        expectedFor(page),
      );
    },
  );

  it('clips a page from its head and stops reading there, however long the rest is', async () => {
    const page = pages.find((p) => p.file === 'jsonld-plain.html');
    if (!page) throw new Error('fixture missing');
    const url = `${origin('www.homestead-hardware.example')}/products/aria-endless-reviews`;
    const clipped = await clip(url);
    expect(clipped).toEqual({ ...expectedFor(page), finalUrl: url });
    await endlessClosed;
  });

  it('reads the whole page when the head leaves the product open: a JSON-LD Product at the end wins', async () => {
    const clipped = await clip(`${origin('127.0.0.1')}/products/og-head-jsonld-at-end`);
    expect(clipped).toMatchObject({
      title: 'Aria Faucet (JSON-LD)',
      priceCents: 27900,
      currency: 'USD',
    });
  });

  it('returns markup in a title as the literal text, never as HTML', async () => {
    const page = pages.find((p) => p.file === 'script-injection.html');
    if (!page) throw new Error('fixture missing');
    const clipped = await clip(servedUrl(page));
    expect(clipped.title).toContain('<img src=x onerror=alert(1)>');
    expect(clipped.title).not.toContain('&lt;');
    expect([clipped.image, clipped.canonicalUrl].join(' ')).not.toMatch(/javascript:/i);
  });
});

describe('clipping: redirects', () => {
  const shop = 'www.homestead-hardware.example';

  it('follows a chain of 3 redirects and reads the page it ends on', async () => {
    const clipped = await clip(`${origin(shop)}/redirect/3`);
    expect(clipped.finalUrl).toBe(`${origin(shop)}/products/aria-kitchen-faucet-brushed-brass`);
    expect(clipped.title).toBe('Aria Single-Handle Pull-Down Kitchen Faucet, Brushed Brass');
  });

  it('refuses a chain of 6 redirects', async () => {
    const err = await refusal(clip(`${origin(shop)}/redirect/6`));
    expect(err.message).toBe(CLIP_MESSAGES.redirects);
  });

  it('refuses a redirect from an allowed host to another port of 127.0.0.1', async () => {
    const target = `http://127.0.0.1:${bystanderPort}/admin`;
    const err = await refusal(clip(`${origin(shop)}/to?target=${encodeURIComponent(target)}`));
    expect(err.message).toBe(CLIP_MESSAGES.port);
    expect(bystanderHits).toBe(0);
  });

  it.each(['http://127.0.0.1/', 'http://2130706433/', 'http://[::ffff:127.0.0.1]/'])(
    'refuses a redirect to %s',
    async (target) => {
      const err = await refusal(clip(`${origin(shop)}/to?target=${encodeURIComponent(target)}`));
      expect(err.message).toBe(CLIP_MESSAGES.badRedirect);
    },
  );

  it('refuses a redirect to a host name that resolves to loopback', async () => {
    const target = `http://rebind.example/`;
    const err = await refusal(clip(`${origin(shop)}/to?target=${encodeURIComponent(target)}`));
    expect(err.message).toBe(CLIP_MESSAGES.forbidden);
  });

  it('does not open other ports of an allowed name either', async () => {
    const err = await refusal(clip(`http://${shop}:${bystanderPort}/`));
    expect(err.message).toBe(CLIP_MESSAGES.port);
    expect(bystanderHits).toBe(0);
    // Port 80 passes the port rule, so the address check at connect time must refuse it.
    const standard = await refusal(clip(`http://${shop}/`));
    expect(standard.message).toBe(CLIP_MESSAGES.forbidden);
  });
});

describe('clipping: refused addresses', () => {
  it('refuses a host name that resolves to 10.0.0.1', async () => {
    const err = await refusal(clip('http://intranet-shop.example/products/1'));
    expect(err.message).toBe(CLIP_MESSAGES.forbidden);
  });

  it.each([
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0x7f000001/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://127.1/',
  ])('refuses the loopback form %s', async (url) => {
    const err = await refusal(clip(url));
    expect(err.message).toBe(CLIP_MESSAGES.forbidden);
  });

  it('refuses port 8080 on a host that is not allowed on it', async () => {
    const err = await refusal(clip('http://www.homestead-hardware.example:8080/'));
    expect(err.message).toBe(CLIP_MESSAGES.port);
    const other = await refusal(clip('http://shop.example.org:8080/p/1'));
    expect(other.message).toBe(CLIP_MESSAGES.port);
  });

  it('gives up on a server that never answers, within the time limit', async () => {
    const started = Date.now();
    const err = await refusal(clip(`${origin('127.0.0.1')}/never`, { timeoutMs: 300 }));
    expect(err.message).toBe(CLIP_MESSAGES.timeout);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('gives up on a page whose body never ends, within the time limit', async () => {
    const err = await refusal(clip(`${origin('127.0.0.1')}/trickle`, { timeoutMs: 300 }));
    expect(err.message).toBe(CLIP_MESSAGES.timeout);
  });

  it('cuts a page at a lower byte limit when one is asked for', async () => {
    const page = pages.find((p) => p.file === 'jsonld-plain.html');
    if (!page) throw new Error('fixture missing');
    const err = await refusal(clip(servedUrl(page), { maxBytes: 1024 }));
    expect(err.message).toBe(CLIP_MESSAGES.tooLarge);
  });
});

describe('clipping: size and content type', () => {
  const at = () => origin('127.0.0.1');

  it('refuses a page over 3 MB, streamed or declared', async () => {
    expect(huge.length).toBeGreaterThan(3 * MB);
    const streamed = await refusal(clip(`${at()}/huge-streamed`));
    expect(streamed.message).toBe(CLIP_MESSAGES.tooLarge);
    const declared = await refusal(clip(`${at()}/huge-declared`));
    expect(declared.message).toBe(CLIP_MESSAGES.tooLarge);
  });

  it('still reads a 2.9 MB page', async () => {
    expect(nearLimit.length).toBeGreaterThan(2.8 * MB);
    const clipped = await clip(`${at()}/near-limit`);
    expect(clipped).toMatchObject({
      title: 'Aria Single-Handle Pull-Down Kitchen Faucet, Brushed Brass',
      priceCents: 28900,
      currency: 'USD',
    });
  });

  it.each([
    ['an image', '/aria-brass.png'],
    ['a PDF', '/spec-sheet.pdf'],
    ['a PDF sent as application/octet-stream', '/download'],
    ['JSON', '/api/product.json'],
  ])('refuses %s with a clear message', async (_what, pathname) => {
    const err = await refusal(clip(`${at()}${pathname}`));
    expect(err.message).toBe(CLIP_MESSAGES.notHtml);
  });

  it('reads an HTML page served without a useful content type', async () => {
    const clipped = await clip(`${at()}/untyped-page`);
    expect(clipped.priceCents).toBe(28900);
  });

  it('refuses an error answer instead of clipping the error page', async () => {
    const err = await refusal(clip(`${at()}/products/gone`));
    expect(err.message).toBe(CLIP_MESSAGES.httpError);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIG_PAGE_PRODUCT, bigProductPage } from '../../../../tests/support/big-product-page';
import { type PageBytes, extractFromBytes } from './extract';
import { extractSettledHead, headEnd } from './head-first';

/*
 * Stopping at the head (decision 0034) must never change what the clipper finds: whenever the
 * head alone is taken as settled, a full parse of the whole page gives the same product.
 */

const FIXTURES = fileURLToPath(
  new URL('../../../../tests/fixtures/retailer-pages/', import.meta.url),
);
const manifest = JSON.parse(readFileSync(path.join(FIXTURES, 'expectations.json'), 'utf8')) as {
  pages: { file: string; url: string }[];
};

const PAGE_URL = 'https://shop.example.com/p/brass-faucet?ref=1';
const CANONICAL = '<link rel="canonical" href="https://shop.example.com/p/brass-faucet">';

function ld(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

const product = (name: string, offers: unknown = { price: '89.00', priceCurrency: 'GBP' }) => ({
  '@context': 'https://schema.org',
  '@type': 'Product',
  name,
  image: `/img/${name.toLowerCase().replace(/\W+/g, '-')}.jpg`,
  offers: { '@type': 'Offer', ...(offers as object) },
});

function bytes(html: string, encoding: BufferEncoding = 'utf8'): PageBytes {
  return { body: Buffer.from(html, encoding), charset: undefined, pageUrl: PAGE_URL };
}

function html(head: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

describe('the head settles the product only when the whole page would give the same', () => {
  it.each(manifest.pages.map((p) => [p.file, p] as const))('%s', (_file, fixture) => {
    const page = {
      body: readFileSync(path.join(FIXTURES, fixture.file)),
      charset: undefined,
      pageUrl: fixture.url,
    };
    const fromHead = extractSettledHead(page);
    if (fromHead !== null) expect(fromHead).toEqual(extractFromBytes(page));
  });

  it('settles the saved pages whose head has a complete JSON-LD Product and a canonical link', () => {
    const settled = manifest.pages.filter((p) =>
      extractSettledHead({
        body: readFileSync(path.join(FIXTURES, p.file)),
        charset: undefined,
        pageUrl: p.url,
      }),
    );
    expect(settled.map((p) => p.file).sort()).toEqual([
      'jsonld-offers-array.html',
      'jsonld-plain.html',
      'jsonld-string-price.html',
      'unknown-currency-cad.html',
    ]);
  });

  it('settles the benchmark’s 3 MB page from its first 64 kB', () => {
    const page = bigProductPage();
    const pageUrl = 'http://127.0.0.1:4000/p/1';
    const fromHead = extractSettledHead({
      body: page.subarray(0, 64 * 1024),
      charset: 'utf-8',
      pageUrl,
    });
    expect(fromHead).toEqual(extractFromBytes({ body: page, charset: 'utf-8', pageUrl }));
    expect(fromHead?.title).toBe(BIG_PAGE_PRODUCT.title);
  });

  it('keeps the head’s product when the body describes another one, as a full parse does', () => {
    const page = bytes(
      html(CANONICAL + ld(product('Brass Faucet')), ld(product('Related Sink')) + '<p>x</p>'),
    );
    const fromHead = extractSettledHead(page);
    expect(fromHead).toMatchObject({ title: 'Brass Faucet', priceCents: 8900, currency: 'GBP' });
    expect(fromHead).toEqual(extractFromBytes(page));
  });

  it('decodes the head by the page’s charset, as the full parse does', () => {
    const page = bytes(
      `<html><head><meta charset="windows-1252">${CANONICAL}${ld(product('Waschbecken weiß'))}</head><body><p>groß</p></body></html>`,
      'latin1',
    );
    const fromHead = extractSettledHead(page);
    expect(fromHead?.title).toBe('Waschbecken weiß');
    expect(fromHead).toEqual(extractFromBytes(page));
  });

  it.each([
    ['the head’s JSON-LD has no price', html(CANONICAL + ld(product('Faucet', {})), '')],
    [
      'its price names no currency',
      html(CANONICAL + ld(product('Faucet', { price: '89.00' })), ''),
    ],
    ['the page has no canonical link in its head', html(ld(product('Faucet')), '')],
    [
      'the head has only Open Graph tags',
      html(
        CANONICAL +
          '<meta property="og:title" content="Faucet"><meta property="og:image" content="/f.jpg">' +
          '<meta property="product:price:amount" content="89.00"><meta property="product:price:currency" content="GBP">',
        '',
      ),
    ],
  ])('reads the whole page when %s', (_why, page) => {
    expect(extractSettledHead(bytes(page))).toBeNull();
  });

  it('finds a JSON-LD Product at the end of the body by reading on, over the head’s Open Graph', () => {
    const page = bytes(
      html(
        CANONICAL +
          '<meta property="og:title" content="Faucet | Shop"><meta property="og:image" content="/og.jpg">' +
          '<meta property="product:price:amount" content="99.00"><meta property="product:price:currency" content="GBP">',
        '<main>'.padEnd(20_000, '.') + '</main>' + ld(product('Brass Faucet')),
      ),
    );
    expect(extractSettledHead(page)).toBeNull();
    expect(extractFromBytes(page)).toMatchObject({ title: 'Brass Faucet', priceCents: 8900 });
  });
});

describe('where the head ends', () => {
  const at = (html: string) => headEnd(Buffer.from(html));

  it('is after </head>, in any case', () => {
    expect(at('<html><head><title>x</title></HEAD><body>')).toBe(
      '<html><head><title>x</title></HEAD>'.length,
    );
  });

  it('is at <body> when the head is never closed', () => {
    expect(at('<html><head><title>x</title><body class="p">')).toBe(
      '<html><head><title>x</title>'.length,
    );
  });

  it('is not a </head> or <body> inside a script, a style or a comment', () => {
    const head =
      '<html><head><script>document.write("</head><body>")</script><style>/* <body> */</style><!-- </head> --></head>';
    expect(at(`${head}<body>`)).toBe(head.length);
  });

  it('is unknown while the bytes read so far do not reach it', () => {
    expect(at('<html><head><title>x</title><script>var a = "</head>')).toBeNull();
  });
});

/**
 * A retailer-like shop on loopback for the clipping tests: product pages with schema.org JSON-LD
 * and a product photo, as a real store serves them, and a category page that is no product. The
 * app is started with this host in CLIP_ALLOW_HOSTS (the only way past the clipper's
 * private-address guard).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface RetailerProduct {
  slug: string;
  title: string;
  price: string;
  currency: string;
  colour: string;
}

export const RETAILER_PRODUCTS: readonly RetailerProduct[] = [
  {
    slug: 'halden-pull-down-kitchen-faucet',
    title: 'Halden Pull-Down Kitchen Faucet, Matte Black',
    price: '1249.00',
    currency: 'USD',
    colour: '#2b2b2b',
  },
  {
    slug: 'corrie-apron-front-sink',
    title: 'Corrie 33" Fireclay Apron-Front Sink',
    price: '899.95',
    currency: 'USD',
    colour: '#f4f1ea',
  },
];

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function productPage(origin: string, p: RetailerProduct): string {
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'BreadcrumbList', itemListElement: [] },
      {
        '@type': 'Product',
        name: p.title,
        image: [`${origin}/img/${p.slug}.png`],
        sku: p.slug,
        offers: { '@type': 'Offer', price: p.price, priceCurrency: p.currency },
      },
    ],
  };
  return `<!doctype html><html><head><meta charset="utf-8">
<title>${escapeHtml(p.title)} | Loopback Home Store</title>
<link rel="canonical" href="${origin}/p/${p.slug}">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
</head><body><header><img src="${origin}/logo.png" width="40" height="40" alt="logo"></header>
<main><h1>${escapeHtml(p.title)}</h1><img src="${origin}/img/${p.slug}.png" width="600" height="600" alt="">
<p class="price">$${p.price}</p></main></body></html>`;
}

/** A category page: a title and links, but no product of its own (no price, no photo). */
export const CATEGORY_PAGE = {
  path: '/c/kitchen-sinks',
  title: 'Kitchen Sinks | Loopback Home Store',
} as const;

function categoryPage(origin: string): string {
  const links = RETAILER_PRODUCTS.map(
    (p) => `<li><a href="${origin}/p/${p.slug}">${escapeHtml(p.title)}</a></li>`,
  ).join('');
  return `<!doctype html><html><head><meta charset="utf-8">
<title>${escapeHtml(CATEGORY_PAGE.title)}</title>
</head><body><header><img src="${origin}/logo.png" width="40" height="40" alt="logo"></header>
<main><h1>Kitchen Sinks</h1><ul>${links}</ul></main></body></html>`;
}

export interface RetailerSite {
  origin: string;
  /** host:port, as CLIP_ALLOW_HOSTS wants it. */
  host: string;
  close(): Promise<void>;
}

export async function startRetailerSite(): Promise<RetailerSite> {
  const images = new Map<string, Buffer>();
  for (const p of RETAILER_PRODUCTS) {
    images.set(
      p.slug,
      await sharp({ create: { width: 600, height: 600, channels: 3, background: p.colour } })
        .png()
        .toBuffer(),
    );
  }
  let origin = '';
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', origin);
    const page = /^\/p\/([a-z0-9-]+)$/.exec(url.pathname);
    const image = /^\/img\/([a-z0-9-]+)\.png$/.exec(url.pathname);
    const product = RETAILER_PRODUCTS.find((p) => p.slug === (page?.[1] ?? image?.[1]));
    if (url.pathname === CATEGORY_PAGE.path) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(categoryPage(origin));
    } else if (page && product) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(productPage(origin, product));
    } else if (image && product) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(images.get(product.slug));
    } else {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('Not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { Rng } from './random';

/*
 * Retailers live on reserved example domains only (RFC 2606), so no seed link ever points at a
 * real shop. Each host has its own product-page URL shape, as real retailers do.
 */

export type SeedCurrency = 'USD' | 'GBP' | 'EUR' | null;

interface Retailer {
  readonly host: string;
  readonly path: (slug: string, sku: number) => string;
}

const retailers: readonly Retailer[] = [
  { host: 'shop.example.com', path: (s, n) => `/p/${s}-${n}` },
  { host: 'www.example.com', path: (s, n) => `/product/${n}/${s}` },
  { host: 'store.example.net', path: (s, n) => `/ip/${s}/${n}` },
  { host: 'www.example.net', path: (s, n) => `/item/${s}-${n}.html` },
  { host: 'supply.example.org', path: (s, n) => `/catalog/${s}/${n}` },
  { host: 'lighting.example.net', path: (s, n) => `/products/${s}-${n}` },
  { host: 'appliances.example.com', path: (s, n) => `/appliance/${s}-${n}` },
  { host: 'tile.example.org', path: (s, n) => `/shop/${s}-${n}` },
  { host: 'bath.example.com', path: (s, n) => `/p/${s}-${n}` },
  { host: 'hardware.example.org', path: (s, n) => `/products/${n}-${s}` },
  { host: 'example.org', path: (s, n) => `/p/${s}/${n}` },
];

// Shops abroad price in their own currency; the 'outlet' pages carry no currency the clipper can read.
const abroad = {
  GBP: { host: 'uk.example.com', path: (s: string, n: number) => `/p/${s}/${n}` },
  EUR: { host: 'eu.example.net', path: (s: string, n: number) => `/en/p/${s}-${n}` },
  outlet: { host: 'outlet.example.org', path: (s: string, n: number) => `/deal/${s}-${n}` },
} as const;

export const GENERAL_HOSTS = ['shop.example.com', 'www.example.com', 'store.example.net'];

export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .split('-')
    .slice(0, 9)
    .join('-');
}

/** A product page URL at one of the category's retailers, or at the shop abroad or outlet. */
export type Market = 'US' | 'GBP' | 'EUR' | 'outlet';

export function productPage(
  rng: Rng,
  hosts: readonly string[],
  title: string,
  market: Market,
): { url: string; hostname: string } {
  const sku = rng.int(100000, 999999);
  const slug = slugify(title);
  const retailer =
    market === 'GBP'
      ? abroad.GBP
      : market === 'EUR'
        ? abroad.EUR
        : market === 'outlet'
          ? abroad.outlet
          : retailerFor(rng.pick(hosts));
  const url = new URL(`https://${retailer.host}${retailer.path(slug, sku)}`);
  return { url: url.href, hostname: url.hostname };
}

function retailerFor(host: string): Retailer {
  const retailer = retailers.find((r) => r.host === host);
  if (!retailer) throw new Error(`No retailer for ${host}`);
  return retailer;
}

const perDollar = { USD: 1, GBP: 0.79, EUR: 0.92 } as const;

/**
 * A shelf price in cents: whole dollars ending in 9 above $100 ($249.00, $1,299.00), .99/.98
 * endings below, as shops print them.
 */
export function shelfPrice(
  rng: Rng,
  [min, max]: readonly [number, number],
  currency: Exclude<SeedCurrency, null>,
): number {
  // Skew towards the low end: most catalogues hold more mid-range than premium products.
  const dollars = (min + (max - min) * rng.next() ** 1.6) * perDollar[currency];
  if (dollars >= 100) {
    const step = dollars >= 1000 ? 50 : 10;
    return (Math.round(dollars / step) * step - 1) * 100;
  }
  return Math.max(1, Math.floor(dollars)) * 100 + rng.pick([99, 98, 49, 0]);
}

import type * as cheerio from 'cheerio';
import { type Found, cleanText, decodeEntities } from './clean';
import { type ClipCurrency, currencyFromSymbol, parseCurrency, parsePriceCents } from './price';

/** schema.org Product data in <script type="application/ld+json"> blocks. */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function hasType(node: JsonObject, wanted: string[]): boolean {
  const t = node['@type'];
  const types = Array.isArray(t) ? t : [t];
  return types.some(
    (x) => typeof x === 'string' && wanted.includes(x.replace(/^https?:\/\/schema\.org\//i, '')),
  );
}

function parseJsonLd(text: string): Json | undefined {
  const cleaned = text
    .trim()
    .replace(/^<!--/, '')
    .replace(/-->$/, '')
    .replace(/^\/\*<!\[CDATA\[\*\//, '')
    .replace(/\/\*\]\]>\*\/$/, '')
    .trim();
  try {
    return JSON.parse(cleaned) as Json;
  } catch {
    // Some retailers leave raw control characters in strings.
    try {
      return JSON.parse(cleaned.replace(/[\t\n\r\f\v]+/g, ' ')) as Json;
    } catch {
      return undefined;
    }
  }
}

function findProducts(root: Json, out: JsonObject[], depth = 0): void {
  if (depth > 8 || root === null) return;
  if (Array.isArray(root)) {
    for (const item of root) findProducts(item, out, depth + 1);
    return;
  }
  if (!isObject(root)) return;
  if (hasType(root, ['Product', 'ProductGroup', 'IndividualProduct', 'ProductModel']))
    out.push(root);
  for (const key of [
    '@graph',
    'mainEntity',
    'mainEntityOfPage',
    'itemListElement',
    'item',
    'hasVariant',
  ]) {
    const child = root[key];
    if (child !== undefined) findProducts(child, out, depth + 1);
  }
}

/** Bounded like the walks beside it: a page's `[[[…]]]` nested thousands deep finds nothing. */
function jsonImage(value: Json | undefined, depth = 0): string | null {
  if (depth > 4) return null;
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = jsonImage(v, depth + 1);
      if (found) return found;
    }
    return null;
  }
  if (isObject(value)) {
    const url = value.url ?? value.contentUrl ?? value['@id'];
    return typeof url === 'string' ? url : null;
  }
  return null;
}

interface PriceFound {
  cents: number;
  currency: ClipCurrency | null;
  /** A currency was named (perhaps one we do not support, such as CAD). */
  stated: boolean;
}

function statedCurrency(value: Json | undefined): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

/** The first priced offer: Offer, AggregateOffer (lowPrice), arrays, priceSpecification. */
function priceFromOffer(offer: Json | undefined, depth = 0): PriceFound | null {
  if (depth > 4 || offer === undefined || offer === null) return null;
  if (Array.isArray(offer)) {
    for (const o of offer) {
      const p = priceFromOffer(o, depth + 1);
      if (p) return p;
    }
    return null;
  }
  if (!isObject(offer)) return null;
  const currencyRaw = offer.priceCurrency;
  const stated = statedCurrency(currencyRaw);
  const raw = offer.price ?? offer.lowPrice ?? offer.highPrice;
  const cents = raw === undefined || raw === null ? null : parsePriceCents(raw);
  if (cents !== null) {
    const currency = stated
      ? parseCurrency(currencyRaw)
      : typeof raw === 'string'
        ? currencyFromSymbol(raw)
        : null;
    return { cents, currency, stated: stated || currency !== null };
  }
  const inner =
    priceFromOffer(offer.priceSpecification, depth + 1) ?? priceFromOffer(offer.offers, depth + 1);
  if (!inner) return null;
  // The offer's own priceCurrency applies to a specification that names none.
  if (!inner.stated && stated) return { ...inner, currency: parseCurrency(currencyRaw), stated };
  return inner;
}

/** A URL-looking `url` or `@id` of the Product; a bare '#product' identifier is not a page. */
function productPageUrl(product: JsonObject): string | null {
  const url = product.url;
  if (typeof url === 'string' && url.trim() && !url.trim().startsWith('#')) return url;
  const id = product['@id'];
  return typeof id === 'string' && /^https?:\/\//i.test(id.trim()) ? id : null;
}

export function fromJsonLd($: cheerio.CheerioAPI): Found {
  const products: JsonObject[] = [];
  $('script[type]').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase().trim();
    if (!type.startsWith('application/ld+json')) return;
    const data = parseJsonLd($(el).text());
    if (data !== undefined) findProducts(data, products);
  });
  const result: Found = {};
  for (const product of products) {
    const name = product.name;
    result.title ??= cleanText(typeof name === 'string' ? decodeEntities(name) : null);
    result.image ??= jsonImage(product.image);
    result.canonical ??= productPageUrl(product);
    if (result.priceCents == null) {
      const price = priceFromOffer(product.offers);
      if (price) {
        result.priceCents = price.cents;
        result.currency = price.currency;
        result.currencyStated = price.stated;
      }
    }
  }
  return result;
}

import * as cheerio from 'cheerio';

export type ClipCurrency = 'EUR' | 'GBP' | 'USD';

export interface ExtractedProduct {
  title: string | null;
  image: string | null;
  priceCents: number | null;
  currency: ClipCurrency | null;
}

interface Partial {
  title?: string | null;
  image?: string | null;
  priceCents?: number | null;
  currency?: ClipCurrency | null;
}

const SYMBOLS: [RegExp, ClipCurrency][] = [
  [/€/, 'EUR'],
  [/£/, 'GBP'],
  [/\$/, 'USD'],
];

/** EUR, GBP or USD from a code or symbol; anything else is null. */
export function parseCurrency(value: unknown): ClipCurrency | null {
  if (typeof value !== 'string') return null;
  const v = value.trim().toUpperCase();
  if (v === 'EUR' || v === 'GBP' || v === 'USD') return v;
  if (v === '€') return 'EUR';
  if (v === '£') return 'GBP';
  if (v === '$' || v === 'US$') return 'USD';
  return null;
}

function currencyFromSymbol(value: unknown): ClipCurrency | null {
  if (typeof value !== 'string') return null;
  if (/\b(?:A|AU|C|CA|NZ|HK|S|SG|MX)\$/i.test(value)) return null;
  for (const [re, code] of SYMBOLS) if (re.test(value)) return code;
  const code = /\b(EUR|GBP|USD)\b/i.exec(value);
  return code?.[1] ? parseCurrency(code[1]) : null;
}

/**
 * A price as whole cents, parsed exactly (no floating point): '1,299.00', '1299', '€1.299,00',
 * '12.5', '£ 12,50', 19.99. Null when there is no usable number.
 */
export function parsePriceCents(value: unknown): number | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0 || value > 1e12) return null;
    return parsePriceCents(value.toFixed(6));
  }
  if (typeof value !== 'string') return null;
  const match = /(?:[.,](?=\d))?\d[\d.,\s\u00a0\u202f']*/.exec(value);
  if (!match) return null;
  if (/-\s*$/.test(value.slice(0, match.index))) return null;
  let s = match[0].replace(/[\s\u00a0\u202f']/g, '');
  s = s.replace(/[.,]+$/, '');
  if (!s) return null;
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  let intPart: string;
  let fracPart = '';
  if (lastDot !== -1 && lastComma !== -1) {
    const dec = lastDot > lastComma ? '.' : ',';
    const idx = Math.max(lastDot, lastComma);
    intPart = s.slice(0, idx).replace(/[.,]/g, '');
    fracPart = s.slice(idx + 1);
    if (fracPart.includes(dec === '.' ? ',' : '.')) return null;
  } else if (lastDot !== -1 || lastComma !== -1) {
    const sep = lastDot !== -1 ? '.' : ',';
    const parts = s.split(sep);
    const last = parts[parts.length - 1] ?? '';
    const thousands =
      parts.length > 2 ||
      // '1,299' is a thousands separator; '12,50' is a decimal comma.
      (sep === ',' && last.length === 3);
    if (thousands) {
      if (parts.slice(1).some((p) => p.length !== 3)) return null;
      intPart = parts.join('');
    } else {
      intPart = parts[0] ?? '';
      fracPart = last;
    }
  } else {
    intPart = s;
  }
  if (!/^\d*$/.test(intPart) || !/^\d*$/.test(fracPart)) return null;
  if (!intPart && !fracPart) return null;
  const whole = Number(intPart || '0');
  const cents2 = Number((fracPart + '00').slice(0, 2));
  const roundUp = Number(fracPart[2] ?? '0') >= 5 ? 1 : 0;
  const cents = whole * 100 + cents2 + roundUp;
  return Number.isSafeInteger(cents) ? cents : null;
}

function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > 300 ? `${text.slice(0, 299)}…` : text;
}

function resolveHttpUrl(value: unknown, base: string): string | null {
  if (typeof value !== 'string') return null;
  const v = value.trim();
  if (!v) return null;
  try {
    const url = new URL(v, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

// ---- JSON-LD -------------------------------------------------------------------------------

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
  for (const key of ['@graph', 'mainEntity', 'mainEntityOfPage', 'itemListElement', 'item']) {
    const child = root[key];
    if (child !== undefined) findProducts(child, out, depth + 1);
  }
}

function jsonImage(value: Json | undefined): string | null {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = jsonImage(v);
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
  cents: number | null;
  currency: ClipCurrency | null;
}

function priceFromOffer(offer: Json | undefined, depth = 0): PriceFound | null {
  if (depth > 4 || offer === undefined || offer === null) return null;
  if (Array.isArray(offer)) {
    for (const o of offer) {
      const p = priceFromOffer(o, depth + 1);
      if (p && p.cents !== null) return p;
    }
    return null;
  }
  if (!isObject(offer)) return null;
  const currencyRaw = offer.priceCurrency;
  const raw = offer.price ?? offer.lowPrice ?? offer.highPrice;
  let cents = raw === undefined || raw === null ? null : parsePriceCents(raw);
  let currency =
    parseCurrency(currencyRaw) ?? (typeof raw === 'string' ? currencyFromSymbol(raw) : null);
  if (cents === null) {
    const spec = priceFromOffer(offer.priceSpecification, depth + 1);
    if (spec) {
      cents = spec.cents;
      currency = currency ?? spec.currency;
    }
  }
  if (cents === null) {
    const nested = priceFromOffer(offer.offers, depth + 1);
    if (nested) return { cents: nested.cents, currency: nested.currency ?? currency };
  }
  if (cents === null) return null;
  if (currency === null && typeof currencyRaw === 'string' && currencyRaw.trim()) {
    // An explicit currency we do not support: keep the price, report no currency.
    return { cents, currency: null };
  }
  return { cents, currency };
}

function fromJsonLd($: cheerio.CheerioAPI): Partial {
  const products: JsonObject[] = [];
  $('script[type]').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase().trim();
    if (!type.startsWith('application/ld+json')) return;
    const data = parseJsonLd($(el).text());
    if (data !== undefined) findProducts(data, products);
  });
  const result: Partial = {};
  for (const product of products) {
    result.title ??= cleanText(product.name);
    result.image ??= jsonImage(product.image);
    if (result.priceCents == null) {
      const price = priceFromOffer(product.offers);
      if (price && price.cents !== null) {
        result.priceCents = price.cents;
        result.currency = price.currency;
      }
    }
  }
  return result;
}

// ---- Open Graph / product meta ---------------------------------------------------------------

function meta($: cheerio.CheerioAPI, ...names: string[]): string | null {
  for (const name of names) {
    const el = $(`meta[property="${name}"], meta[name="${name}"], meta[itemprop="${name}"]`)
      .filter((_, m) => ($(m).attr('content') ?? '').trim() !== '')
      .first();
    const content = el.attr('content');
    if (content?.trim()) return content.trim();
  }
  return null;
}

function fromMeta($: cheerio.CheerioAPI): Partial {
  const priceRaw = meta($, 'product:price:amount', 'og:price:amount', 'product:sale_price:amount');
  const currencyRaw = meta(
    $,
    'product:price:currency',
    'og:price:currency',
    'product:sale_price:currency',
  );
  return {
    title: cleanText(meta($, 'og:title', 'twitter:title')),
    image: meta($, 'og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image'),
    priceCents: parsePriceCents(priceRaw),
    currency: parseCurrency(currencyRaw) ?? (currencyRaw ? null : currencyFromSymbol(priceRaw)),
  };
}

// ---- Microdata ------------------------------------------------------------------------------

function fromMicrodata($: cheerio.CheerioAPI): Partial {
  const scope = $('[itemscope][itemtype*="schema.org/Product" i]').first();
  if (!scope.length) return {};
  const scopeEl = scope.get(0);
  const own = (prop: string) =>
    scope.find(`[itemprop~="${prop}"]`).filter((_, el) => {
      const owner = $(el).parent().closest('[itemscope]').get(0);
      return owner === scopeEl;
    });
  const anyIn = (prop: string) => scope.find(`[itemprop~="${prop}"]`);
  const valueOf = (el: ReturnType<typeof own>): string | null => {
    if (!el.length) return null;
    return (
      el.attr('content') ??
      el.attr('src') ??
      el.attr('href') ??
      el.attr('value') ??
      (el.text() || null)
    );
  };
  const priceRaw = valueOf(anyIn('price').first()) ?? valueOf(anyIn('lowPrice').first());
  const currencyRaw = valueOf(anyIn('priceCurrency').first());
  return {
    title: cleanText(valueOf(own('name').first())),
    image: valueOf(own('image').first()),
    priceCents: parsePriceCents(priceRaw),
    currency:
      parseCurrency(currencyRaw) ??
      (currencyRaw ? null : currencyFromSymbol(anyIn('price').first().text() || priceRaw)),
  };
}

// ---- Plain HTML fallback --------------------------------------------------------------------

function fromHtml($: cheerio.CheerioAPI, base: string): Partial {
  const title = cleanText($('title').first().text());
  let image: string | null = null;
  let first: string | null = null;
  $('img').each((_, el) => {
    const img = $(el);
    const src = [img.attr('src'), img.attr('data-src')]
      .map((s) => resolveHttpUrl(s, base))
      .find((s) => s !== null);
    if (!src) return;
    first ??= src;
    const w = parseInt(img.attr('width') ?? '', 10);
    const h = parseInt(img.attr('height') ?? '', 10);
    if (w >= 200 && h >= 200) {
      image = src;
      return false;
    }
    return undefined;
  });
  return { title, image: image ?? first };
}

/**
 * Title, image, price and currency of a retailer page, from in order: schema.org JSON-LD Product,
 * Open Graph / product meta tags, microdata, then <title> and the first large image. Image URLs
 * are absolute http(s) or null.
 */
export function extractProduct(html: string, pageUrl: string): ExtractedProduct {
  const $ = cheerio.load(html);
  const baseHref = $('base[href]').first().attr('href');
  const base = (baseHref && resolveHttpUrl(baseHref, pageUrl)) || pageUrl;
  const sources = [fromJsonLd($), fromMeta($), fromMicrodata($)];

  let title: string | null = null;
  let image: string | null = null;
  let priceCents: number | null = null;
  let currency: ClipCurrency | null = null;
  for (const s of sources) {
    title ??= s.title ?? null;
    image ??= resolveHttpUrl(s.image, base);
    if (priceCents === null && s.priceCents != null) {
      priceCents = s.priceCents;
      currency = s.currency ?? null;
    }
  }
  if (priceCents !== null && currency === null) {
    for (const s of sources) currency ??= s.currency ?? null;
  }
  if (title === null || image === null) {
    const html5 = fromHtml($, base);
    title ??= html5.title ?? null;
    image ??= html5.image ?? null;
  }
  return { title, image, priceCents, currency };
}

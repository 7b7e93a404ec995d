import * as cheerio from 'cheerio';
import { findCanonicalUrl } from './canonical';
import { type Found, cleanText, resolveHttpUrl } from './clean';
import { fromJsonLd } from './json-ld';
import { type ClipCurrency, currencyFromSymbol, parseCurrency, parsePriceCents } from './price';

export { parseCurrency, parsePriceCents, type ClipCurrency } from './price';

export interface ExtractedProduct {
  title: string | null;
  image: string | null;
  priceCents: number | null;
  currency: ClipCurrency | null;
  /** The page's own address (canonical link, og:url, JSON-LD url), for de-duplication. */
  canonicalUrl: string | null;
}

// ---- Open Graph / product meta ---------------------------------------------------------------

type MetaTags = Map<string, string>;

/** Every <meta property|name content> of the page in one pass; the first non-empty one wins. */
function metaTags($: cheerio.CheerioAPI): MetaTags {
  const tags: MetaTags = new Map();
  $('meta[content]').each((_, el) => {
    const content = ($(el).attr('content') ?? '').trim();
    if (!content) return;
    for (const key of [$(el).attr('property'), $(el).attr('name')]) {
      const k = key?.trim().toLowerCase();
      if (k && !tags.has(k)) tags.set(k, content);
    }
  });
  return tags;
}

function meta(tags: MetaTags, ...names: string[]): string | null {
  for (const name of names) {
    const content = tags.get(name);
    if (content) return content;
  }
  return null;
}

function fromMeta(tags: MetaTags): Found {
  const priceRaw = meta(
    tags,
    'product:price:amount',
    'og:price:amount',
    'product:sale_price:amount',
  );
  const currencyRaw = meta(
    tags,
    'product:price:currency',
    'og:price:currency',
    'product:sale_price:currency',
  );
  const currency = currencyRaw ? parseCurrency(currencyRaw) : currencyFromSymbol(priceRaw);
  return {
    title: cleanText(meta(tags, 'og:title', 'twitter:title')),
    image: meta(tags, 'og:image:secure_url', 'og:image:url', 'og:image', 'twitter:image'),
    priceCents: parsePriceCents(priceRaw),
    currency,
    currencyStated: currencyRaw !== null || currency !== null,
    canonical: meta(tags, 'og:url'),
  };
}

// ---- Microdata ------------------------------------------------------------------------------

/** What the microdata reader needs of a parsed node (cheerio's, from domhandler). */
interface DomNode {
  type: string;
  name?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: DomNode[];
}

/** Longer than any title or price a page shows: a text read stops there. */
const MAX_TEXT = 2000;

/**
 * The text of a node, read without recursion and only so far: a hostile page may nest its
 * elements tens of thousands deep (review 24), where a recursive read overflows the stack.
 */
function textOf(node: DomNode | undefined): string {
  let text = '';
  const stack = node ? [node] : [];
  while (stack.length > 0 && text.length < MAX_TEXT) {
    const at = stack.pop()!;
    if (at.type === 'text') text += at.data ?? '';
    else if (at.children)
      for (let i = at.children.length - 1; i >= 0; i--) stack.push(at.children[i]!);
  }
  return text.slice(0, MAX_TEXT);
}

/**
 * The first element of each property that belongs to `scope` itself, not to an item nested in
 * it: one walk in document order that does not go inside a nested `itemscope` (whose own
 * `itemprop` is still the outer item's). Linear however deep the page; asking each element for
 * its nearest scope made a deep page cost the square of its depth (review 24).
 */
function ownProperties(scope: DomNode, props: readonly string[]): Map<string, DomNode> {
  const found = new Map<string, DomNode>();
  const stack = [...(scope.children ?? [])].reverse();
  while (stack.length > 0 && found.size < props.length) {
    const at = stack.pop()!;
    if (!at.attribs) continue;
    const names = at.attribs.itemprop?.split(/\s+/) ?? [];
    for (const prop of props) if (!found.has(prop) && names.includes(prop)) found.set(prop, at);
    if ('itemscope' in at.attribs || !at.children) continue;
    for (let i = at.children.length - 1; i >= 0; i--) stack.push(at.children[i]!);
  }
  return found;
}

function valueOf(node: DomNode | undefined): string | null {
  if (!node) return null;
  const a = node.attribs ?? {};
  return a.content ?? a.src ?? a.href ?? a.value ?? (textOf(node) || null);
}

function fromMicrodata($: cheerio.CheerioAPI): Found {
  const scope = $('[itemscope][itemtype*="schema.org/Product" i]').first();
  if (!scope.length) return {};
  const own = ownProperties(scope.get(0) as unknown as DomNode, ['name', 'image']);
  const anyIn = (prop: string) =>
    scope.find(`[itemprop~="${prop}"]`).get(0) as unknown as DomNode | undefined;
  const priceEl = anyIn('price');
  const priceRaw = valueOf(priceEl) ?? valueOf(anyIn('lowPrice'));
  const currencyRaw = valueOf(anyIn('priceCurrency'))?.trim() || null;
  // '<span itemprop="price" content="1299.00">£1,299.00</span>': the symbol is in the text.
  const currency = currencyRaw
    ? parseCurrency(currencyRaw)
    : (currencyFromSymbol(textOf(priceEl)) ?? currencyFromSymbol(priceRaw));
  return {
    title: cleanText(valueOf(own.get('name'))),
    image: valueOf(own.get('image')),
    priceCents: parsePriceCents(priceRaw),
    currency,
    currencyStated: currencyRaw !== null || currency !== null,
  };
}

// ---- Plain HTML fallback --------------------------------------------------------------------

const LARGE_PX = 200;
const TINY_PX = 100;
/** File names of site furniture rather than product photos. */
const NOT_A_PRODUCT =
  /(?:^|[/_.-])(?:sprites?|icons?|logos?|favicon|pixel|spacer|blank|badges?|flags?|stars?|rating|avatar|payment|placeholder)(?:[/_.@-]|\d|$)/i;
/** Wider or taller than this is a banner or a strip, not a product photo. */
const MAX_ASPECT = 3;

function pixels(value: string | undefined): number | null {
  if (!value || !/^\s*\d+(?:px)?\s*$/i.test(value)) return null;
  return parseInt(value, 10);
}

/**
 * The first large image: both width and height attributes at least 200 px and not a banner
 * strip. Failing that, the first image of unknown size. Small images, SVGs and files named like
 * icons, sprites or logos are never taken.
 */
function firstLargeImage($: cheerio.CheerioAPI, base: string): string | null {
  let large: string | null = null;
  let unknownSize: string | null = null;
  // Every <img> is in the body (the parser puts it there); 'body img' asked each image for its
  // ancestors, the square of the depth on a deeply nested page (review 24).
  $('img').each((_, el) => {
    const img = $(el);
    const src = [img.attr('src'), img.attr('data-src')]
      .map((s) => resolveHttpUrl(s, base))
      .find((s) => s !== null);
    if (!src) return undefined;
    const path = new URL(src).pathname;
    if (NOT_A_PRODUCT.test(path) || /\.(?:svg|ico)$/i.test(path)) return undefined;
    const w = pixels(img.attr('width'));
    const h = pixels(img.attr('height'));
    if ((w !== null && w < TINY_PX) || (h !== null && h < TINY_PX)) return undefined;
    if (w !== null && h !== null && Math.max(w / h, h / w) > MAX_ASPECT) return undefined;
    if (w !== null && h !== null && w >= LARGE_PX && h >= LARGE_PX) {
      large = src;
      return false;
    }
    if (w === null || h === null) unknownSize ??= src;
    return undefined;
  });
  return large ?? unknownSize;
}

/**
 * The page's first <title> outside any inline SVG (whose <title> names an icon, not the page):
 * one walk that does not go into an <svg>, linear however deep the page (review 24).
 */
function pageTitle(root: DomNode): DomNode | undefined {
  const stack = [root];
  while (stack.length > 0) {
    const at = stack.pop()!;
    const name = at.name;
    if (name === 'title') return at;
    if (name === 'svg' || !at.children) continue;
    for (let i = at.children.length - 1; i >= 0; i--) stack.push(at.children[i]!);
  }
  return undefined;
}

function fromHtml($: cheerio.CheerioAPI, base: string): Found {
  const title = textOf(pageTitle($.root().get(0) as unknown as DomNode));
  return { title: cleanText(title), image: firstLargeImage($, base) };
}

/** The base of the page's relative URLs: its first `<base href>`, else its own address. */
export function pageBase($: cheerio.CheerioAPI, pageUrl: string): string {
  const baseHref = $('base[href]').first().attr('href');
  return (baseHref && resolveHttpUrl(baseHref, pageUrl)) || pageUrl;
}

/**
 * Title, image, price, currency and canonical URL of a parsed retailer page, from in order:
 * schema.org JSON-LD Product, Open Graph / product meta tags, microdata, then <title> and the
 * first large image. URLs are absolute http(s) or null; texts are plain text, never markup.
 */
export function extractFromDocument($: cheerio.CheerioAPI, pageUrl: string): ExtractedProduct {
  const base = pageBase($, pageUrl);
  const jsonLd = fromJsonLd($);
  const og = fromMeta(metaTags($));
  const sources = [jsonLd, og, fromMicrodata($)];

  let title: string | null = null;
  let image: string | null = null;
  let priced: Found | null = null;
  for (const s of sources) {
    title ??= s.title ?? null;
    image ??= resolveHttpUrl(s.image, base);
    if (priced === null && s.priceCents != null) priced = s;
  }
  let currency = priced?.currency ?? null;
  // A price without any currency hint may borrow one another source states, but a price in a
  // currency we do not support (CAD) must not pick up a '$' from elsewhere.
  if (priced && !priced.currencyStated) {
    for (const s of sources) currency ??= s.currency ?? null;
  }
  if (title === null || image === null) {
    const html = fromHtml($, base);
    title ??= html.title ?? null;
    image ??= html.image ?? null;
  }
  return {
    title,
    image,
    priceCents: priced?.priceCents ?? null,
    currency,
    canonicalUrl: findCanonicalUrl($, base, pageUrl, [og.canonical, jsonLd.canonical]),
  };
}

/**
 * htmlparser2 rather than parse5: about three times faster on a page near the 3 MB limit, which
 * keeps a parse worker's turn short (decision 0026). It is as forgiving of broken markup as
 * these extractors need.
 */
export const PARSE_OPTIONS = { xml: { xmlMode: false, decodeEntities: true } } as const;

/** {@link extractFromDocument} for an HTML string. */
export function extractProduct(html: string, pageUrl: string): ExtractedProduct {
  return extractFromDocument(cheerio.load(html, PARSE_OPTIONS), pageUrl);
}

/** A fetched HTML page as the parse worker receives it. */
export interface PageBytes {
  body: Uint8Array;
  /** The charset the Content-Type header declares, if any; else sniffed, then UTF-8. */
  charset: string | undefined;
  /** The page's address after redirects, the base of its relative URLs. */
  pageUrl: string;
}

/** {@link extractFromDocument} for the bytes of a page, decoded by their declared or sniffed charset. */
export function extractFromBytes({ body, charset, pageUrl }: PageBytes): ExtractedProduct {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const $ = cheerio.loadBuffer(bytes, {
    ...PARSE_OPTIONS,
    encoding: { transportLayerEncodingLabel: charset, defaultEncoding: 'utf-8' },
  });
  return extractFromDocument($, pageUrl);
}

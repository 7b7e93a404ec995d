/** Text and URL clean-up shared by the extractors. Everything returned is plain text. */

/** What one source (JSON-LD, meta tags, microdata, plain HTML) found on a page. */
export interface Found {
  title?: string | null;
  image?: string | null;
  priceCents?: number | null;
  currency?: 'EUR' | 'GBP' | 'USD' | null;
  /** The source named a currency, even one we do not support, so none is borrowed elsewhere. */
  currencyStated?: boolean;
  canonical?: string | null;
}

const MAX_TITLE = 300;

/** Control characters other than white space: no part of a name, and U+0000 PostgreSQL cannot store. */
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/** Collapses white space, drops control characters and caps the length; null when nothing is left. */
export function cleanText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.replace(CONTROL, '').replace(/\s+/g, ' ').trim();
  if (!text) return null;
  return text.length > MAX_TITLE ? `${text.slice(0, MAX_TITLE - 1)}…` : text;
}

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  trade: '™',
  reg: '®',
  copy: '©',
  deg: '°',
  times: '×',
  frac12: '½',
};

/**
 * Decodes the character references some shops leave inside JSON-LD strings ('Tap &#8211; Brass',
 * 'R&amp;B'), since JSON-LD is not HTML and the parser does not decode them. The result is text;
 * an encoded tag comes out as the literal characters of that tag, never as markup.
 */
export function decodeEntities(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(
    /&(#x[0-9a-f]{1,6}|#[0-9]{1,7}|[a-z][a-z0-9]{1,8});/gi,
    (all, ref: string) => {
      if (ref.startsWith('#')) {
        const hex = ref[1] === 'x' || ref[1] === 'X';
        const code = parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10);
        const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
        return valid ? String.fromCodePoint(code) : all;
      }
      return NAMED[ref.toLowerCase()] ?? all;
    },
  );
}

/** An absolute http(s) URL resolved against `base`, or null (javascript:, data:, file:, junk). */
export function resolveHttpUrl(value: unknown, base: string): string | null {
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

import type * as cheerio from 'cheerio';
import { resolveHttpUrl } from './clean';

function withoutWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * The canonical URL must stay on the site that served the page (the same host, or one a
 * subdomain of the other, ignoring 'www.'): clipped products are de-duplicated by it, so a page
 * naming another shop's URL as its own would otherwise take over that shop's catalogue entry.
 */
function sameSite(candidate: URL, page: URL): boolean {
  const a = withoutWww(candidate.hostname.toLowerCase());
  const b = withoutWww(page.hostname.toLowerCase());
  return a === b || a.endsWith(`.${b}`) || b.endsWith(`.${a}`);
}

function canonicalFrom(value: string | null | undefined, base: string, page: URL): string | null {
  const resolved = resolveHttpUrl(value, base);
  if (!resolved) return null;
  const url = new URL(resolved);
  if (!sameSite(url, page)) return null;
  url.hash = '';
  return url.toString();
}

/**
 * The page's own address for de-duplication: <link rel="canonical">, else the `fallbacks` in
 * order (og:url, then the JSON-LD Product's url or @id). Absolute http(s) on the page's site,
 * without a fragment, or null.
 */
export function findCanonicalUrl(
  $: cheerio.CheerioAPI,
  base: string,
  pageUrl: string,
  fallbacks: (string | null | undefined)[],
): string | null {
  let page: URL;
  try {
    page = new URL(pageUrl);
  } catch {
    return null;
  }
  const candidates = [
    ...$('link[rel~="canonical" i][href]')
      .toArray()
      .map((el) => $(el).attr('href')),
    ...fallbacks,
  ];
  for (const candidate of candidates) {
    const found = canonicalFrom(candidate, base, page);
    if (found) return found;
  }
  return null;
}

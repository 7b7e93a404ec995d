import type * as cheerio from 'cheerio';
import { resolveHttpUrl } from './clean';

function withoutWww(host: string): string {
  return host.startsWith('www.') ? host.slice(4) : host;
}

/**
 * The canonical URL must stay on the host that served the page (ignoring a leading 'www.'):
 * clipped products are de-duplicated by it, so a page naming another host's URL as its own would
 * otherwise take over that host's catalogue entry. Parent and subdomain count as other hosts: a
 * tenant x.platform.example must not claim platform.example's pages, nor the reverse.
 */
function sameSite(candidate: URL, page: URL): boolean {
  return withoutWww(candidate.hostname.toLowerCase()) === withoutWww(page.hostname.toLowerCase());
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
 * order (og:url, then the JSON-LD Product's url or @id). Absolute http(s) on the page's host,
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

import { describe, expect, it } from 'vitest';
import { extractProduct } from './extract';

const PAGE = 'https://www.shop.example.com/p/brass-faucet?variant=2&utm_source=mail';

function canonical(head: string): string | null {
  return extractProduct(`<!doctype html><html><head>${head}</head><body></body></html>`, PAGE)
    .canonicalUrl;
}

const ld = (data: unknown) => `<script type="application/ld+json">${JSON.stringify(data)}</script>`;

describe('canonicalUrl', () => {
  it('prefers <link rel="canonical">, then og:url, then the JSON-LD Product url', () => {
    const link = '<link rel="canonical" href="https://www.shop.example.com/p/link">';
    const og = '<meta property="og:url" content="https://www.shop.example.com/p/og">';
    const json = ld({ '@type': 'Product', name: 'F', url: 'https://www.shop.example.com/p/ld' });
    expect(canonical(json + og + link)).toBe('https://www.shop.example.com/p/link');
    expect(canonical(json + og)).toBe('https://www.shop.example.com/p/og');
    expect(canonical(json)).toBe('https://www.shop.example.com/p/ld');
    expect(canonical('')).toBeNull();
  });

  it('takes a JSON-LD @id only when it is an absolute URL', () => {
    expect(
      canonical(ld({ '@type': 'Product', '@id': 'https://www.shop.example.com/p/id#product' })),
    ).toBe('https://www.shop.example.com/p/id');
    expect(canonical(ld({ '@type': 'Product', '@id': '#product' }))).toBeNull();
  });

  it('resolves relative URLs against the page and drops the fragment', () => {
    expect(canonical('<link rel="canonical" href="/p/brass-faucet#reviews">')).toBe(
      'https://www.shop.example.com/p/brass-faucet',
    );
    expect(canonical('<link rel="alternate canonical" href="brass">')).toBe(
      'https://www.shop.example.com/p/brass',
    );
  });

  it.each([
    'javascript:alert(1)',
    ' JAVASCRIPT:alert(1)',
    'data:text/html,<p>x</p>',
    'ftp://www.shop.example.com/p',
    'http://[not a url',
  ])('drops %s', (href) => {
    expect(canonical(`<link rel="canonical" href="${href}">`)).toBeNull();
  });

  it('moves on to og:url when the canonical link is unusable', () => {
    expect(
      canonical(
        '<link rel="canonical" href="javascript:void(0)">' +
          '<meta property="og:url" content="https://www.shop.example.com/p/og">',
      ),
    ).toBe('https://www.shop.example.com/p/og');
  });

  it('keeps URLs on the same host, with or without www', () => {
    expect(canonical('<link rel="canonical" href="https://shop.example.com/p/1">')).toBe(
      'https://shop.example.com/p/1',
    );
    expect(canonical('<link rel="canonical" href="https://WWW.Shop.Example.com/p/1">')).toBe(
      'https://www.shop.example.com/p/1',
    );
  });

  it.each([
    'https://other-shop.example.com/p/1',
    'https://example.com.evil.example/p/1',
    'https://shop.example.com.evil.example/p/1',
    // A subdomain or the parent is another host: a tenant of a platform cannot claim another's.
    'https://m.shop.example.com/p/1',
    'https://tenant.shop.example.com/p/1',
    'https://example.com/p/1',
  ])('refuses another host: %s', (href) => {
    expect(canonical(`<link rel="canonical" href="${href}">`)).toBeNull();
  });

  it('refuses a subdomain page claiming its parent', () => {
    const page = 'https://tenant.platform.example/p/1';
    const html = (href: string) =>
      `<!doctype html><html><head><link rel="canonical" href="${href}"></head><body></body></html>`;
    expect(extractProduct(html('https://platform.example/p/1'), page).canonicalUrl).toBeNull();
    expect(extractProduct(html('https://www.platform.example/p/1'), page).canonicalUrl).toBeNull();
    expect(extractProduct(html('https://tenant.platform.example/p/2'), page).canonicalUrl).toBe(
      'https://tenant.platform.example/p/2',
    );
  });
});

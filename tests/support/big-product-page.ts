/**
 * A retailer product page near the clipper's 3 MB limit, the same bytes on every call: the
 * product in JSON-LD and meta tags at the top, then what makes real store pages heavy (a long
 * menu, hundreds of related-product cards, reviews, an inline state script). Every address in it
 * is relative, so the bytes do not depend on the port the shop listens on. Used by the `clip`
 * benchmark and by the API test that clips it.
 */

export const BIG_PAGE_PRODUCT = {
  title: 'Brass Arc Floor Lamp with Marble Base',
  priceCents: 129900,
  currency: 'USD',
  /** The page's own address (canonical link), relative to the shop. */
  path: '/p/brass-arc-floor-lamp',
  /** The product photo, relative to the shop. */
  image: '/img/brass-arc-floor-lamp.jpg',
} as const;

const WORDS = (
  'brass oak walnut linen marble matte black brushed nickel ceramic fireclay pendant sconce ' +
  'vanity faucet drawer handle tile mosaic slate quartz cabinet shelf mirror lantern basin'
).split(' ');

/** A small deterministic generator (LCG), so the page is the same bytes on every machine. */
function words(seed: number): (n: number) => string {
  let state = seed >>> 0;
  return (n) => {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
      out.push(WORDS[state % WORDS.length]!);
    }
    return out.join(' ');
  };
}

/** The page, at least `bytes` long (3,000,000 by default: under the clipper's 3 MiB limit). */
export function bigProductPage(bytes = 3_000_000): Buffer {
  const p = BIG_PAGE_PRODUCT;
  const text = words(42);
  const jsonLd = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'BreadcrumbList', itemListElement: [] },
      {
        '@type': 'Product',
        name: p.title,
        image: [p.image],
        sku: 'BAFL-01',
        url: p.path,
        description: text(60),
        offers: { '@type': 'Offer', price: '1299.00', priceCurrency: p.currency },
      },
    ],
  };
  const head = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<title>${p.title} | Loopback Home Store</title>
<link rel="canonical" href="${p.path}">
<meta property="og:title" content="${p.title}">
<meta property="og:image" content="${p.image}">
<meta property="product:price:amount" content="1299.00">
<meta property="product:price:currency" content="USD">
<script type="application/ld+json">${JSON.stringify(jsonLd)}</script>
<style>${'.card{display:grid;gap:8px}'.repeat(200)}</style>
</head><body><header><img src="/img/logo.png" width="40" height="40" alt="logo"><nav><ul>
${Array.from({ length: 300 }, (_, i) => `<li><a href="/c/${i}" class="menu-link">${text(2)}</a></li>`).join('\n')}
</ul></nav></header>
<main><h1>${p.title}</h1><img src="${p.image}" width="600" height="600" alt="">
<p class="price">$1,299.00</p><section class="related">`;
  const tail = `</section></main><footer>${text(80)}</footer></body></html>\n`;
  const parts: string[] = [head];
  let size = Buffer.byteLength(head) + Buffer.byteLength(tail);
  for (let i = 0; size < bytes; i++) {
    const part =
      i % 10 === 9
        ? `<article class="review" data-id="r${i}"><h3>${text(4)}</h3><p>${text(120)}</p>` +
          `<script>window.__reviews=(window.__reviews||[]).concat(${JSON.stringify({ id: i, body: text(40) })})</script></article>\n`
        : `<div class="card" data-sku="S${i}"><a href="/p/related-${i}"><img src="/img/r${i}.jpg" ` +
          `width="160" height="160" loading="lazy" alt="${text(3)}"></a><span class="name">${text(5)}</span>` +
          `<span class="price"><s>$${(i % 500) + 20}.00</s> $${(i % 400) + 10}.99</span>` +
          `<button type="button" data-add="${i}">Add to cart</button></div>\n`;
    parts.push(part);
    size += Buffer.byteLength(part);
  }
  parts.push(tail);
  return Buffer.from(parts.join(''));
}

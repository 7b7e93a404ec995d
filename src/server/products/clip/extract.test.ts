import { describe, expect, it } from 'vitest';
import { extractProduct, parseCurrency, parsePriceCents } from './extract';

const PAGE = 'https://shop.example.com/p/brass-faucet?ref=1';

function page(head: string, body = ''): string {
  return `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;
}

function ld(data: unknown): string {
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

describe('parsePriceCents', () => {
  it.each<[unknown, number | null]>([
    ['1,299.00', 129900],
    ['1299', 129900],
    ['€1.299,00', 129900],
    ['12.5', 1250],
    ['12,50', 1250],
    ['£ 12,50', 1250],
    ['$1,299', 129900],
    ['1.234.567,89', 123456789],
    ['1,234,567.89', 123456789],
    ['1 299,00 €', 129900],
    ['1\u00a0299,95\u00a0€', 129995],
    ["1'299.00", 129900],
    ['USD 49.99', 4999],
    ['0.99', 99],
    ['.99', 99],
    ['19.999', 2000],
    ['19.994', 1999],
    ['249.', 24900],
    ['Now only 89.00!', 8900],
    [19.99, 1999],
    [0.1 + 0.2, 30],
    [1299, 129900],
    [0, 0],
    ['0', 0],
    ['', null],
    ['free', null],
    ['-5.00', null],
    [-5, null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
    [{ price: 1 }, null],
    ['1,2,3', null],
  ])('%j → %j', (input, cents) => {
    expect(parsePriceCents(input)).toBe(cents);
  });
});

describe('parseCurrency', () => {
  it('accepts EUR, GBP and USD in codes or symbols only', () => {
    expect(parseCurrency('eur')).toBe('EUR');
    expect(parseCurrency(' GBP ')).toBe('GBP');
    expect(parseCurrency('USD')).toBe('USD');
    expect(parseCurrency('€')).toBe('EUR');
    expect(parseCurrency('£')).toBe('GBP');
    expect(parseCurrency('$')).toBe('USD');
    expect(parseCurrency('CAD')).toBeNull();
    expect(parseCurrency('JPY')).toBeNull();
    expect(parseCurrency('')).toBeNull();
    expect(parseCurrency(12)).toBeNull();
  });
});

describe('extractProduct — JSON-LD', () => {
  it('reads a plain Product with an Offer object', () => {
    const html = page(
      ld({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: 'Aria Single-Handle Kitchen Faucet, Brushed Brass',
        image: 'https://cdn.shop.example.com/img/aria-brass.jpg',
        sku: 'AR-100-BB',
        offers: {
          '@type': 'Offer',
          price: '289.00',
          priceCurrency: 'USD',
          availability: 'https://schema.org/InStock',
        },
      }),
    );
    expect(extractProduct(html, PAGE)).toEqual({
      title: 'Aria Single-Handle Kitchen Faucet, Brushed Brass',
      image: 'https://cdn.shop.example.com/img/aria-brass.jpg',
      priceCents: 28900,
      currency: 'USD',
      canonicalUrl: null,
    });
  });

  it('drops control characters from a name, U+0000 among them (PostgreSQL cannot store it)', () => {
    // JSON.stringify writes U+0000 as the escape \u0000, which JSON.parse turns back into it.
    const html = page(ld({ '@type': 'Product', name: 'Tap\u0000 Set\u0007\tBrass' }));
    expect(extractProduct(html, PAGE).title).toBe('Tap Set Brass');
  });

  it('reads past an image nested far too deep instead of failing the clip', () => {
    const deep = `${'['.repeat(100_000)}"https://cdn.shop.example.com/deep.jpg"${']'.repeat(100_000)}`;
    const html = page(
      `<script type="application/ld+json">{"@type":"Product","name":"Deep Tap","image":${deep},` +
        `"offers":{"price":"12.00","priceCurrency":"USD"}}</script>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Deep Tap',
      priceCents: 1200,
      currency: 'USD',
    });
  });

  it('finds the Product inside @graph among other nodes', () => {
    const html = page(
      ld({
        '@context': 'https://schema.org',
        '@graph': [
          { '@type': 'Organization', name: 'Tile World', logo: '/logo.png' },
          { '@type': 'BreadcrumbList', itemListElement: [] },
          {
            '@type': ['Product', 'Thing'],
            name: 'Carrara Marble Hexagon Mosaic 30x30',
            image: [{ '@type': 'ImageObject', url: '/media/hex-carrara.jpg' }],
            offers: [
              { '@type': 'Offer', price: 34.5, priceCurrency: 'GBP' },
              { '@type': 'Offer', price: 40, priceCurrency: 'GBP' },
            ],
          },
        ],
      }),
    );
    expect(extractProduct(html, PAGE)).toEqual({
      title: 'Carrara Marble Hexagon Mosaic 30x30',
      image: 'https://shop.example.com/media/hex-carrara.jpg',
      priceCents: 3450,
      currency: 'GBP',
      canonicalUrl: null,
    });
  });

  it('reads a top-level array and an AggregateOffer lowPrice', () => {
    const html = page(
      ld([
        { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Lights R Us' },
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Globe Pendant Light',
          image: ['//images.example.net/globe-1.webp', '//images.example.net/globe-2.webp'],
          offers: {
            '@type': 'AggregateOffer',
            lowPrice: '129.95',
            highPrice: '189.95',
            priceCurrency: 'EUR',
            offerCount: 3,
          },
        },
      ]),
    );
    expect(extractProduct(html, PAGE)).toEqual({
      title: 'Globe Pendant Light',
      image: 'https://images.example.net/globe-1.webp',
      priceCents: 12995,
      currency: 'EUR',
      canonicalUrl: null,
    });
  });

  it('reads priceSpecification and full schema.org type URLs', () => {
    const html = page(
      ld({
        '@type': 'http://schema.org/Product',
        name: 'Undermount Sink',
        offers: {
          '@type': 'Offer',
          priceSpecification: {
            '@type': 'UnitPriceSpecification',
            price: '1.299,00',
            priceCurrency: 'EUR',
          },
        },
      }),
    );
    const p = extractProduct(html, PAGE);
    expect(p.priceCents).toBe(129900);
    expect(p.currency).toBe('EUR');
  });

  it('skips broken JSON-LD blocks and uses the next one', () => {
    const html = page(
      '<script type="application/ld+json">{ "@type": "Product", "name": broken </script>' +
        ld({
          '@type': 'Product',
          name: 'Oak Flooring Plank',
          offers: { price: '59.90', priceCurrency: 'USD' },
        }),
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Oak Flooring Plank',
      priceCents: 5990,
    });
  });

  it('tolerates raw newlines inside JSON-LD strings and an HTML comment wrapper', () => {
    const html = page(
      '<script type="application/ld+json"><!--{"@type":"Product","name":"Wall Tile\n White","offers":{"price":"9.99","priceCurrency":"EUR"}}--></script>',
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Wall Tile White',
      priceCents: 999,
      currency: 'EUR',
    });
  });

  it('reports an unsupported currency as null but keeps the price', () => {
    const html = page(
      ld({
        '@type': 'Product',
        name: 'Range Hood',
        offers: { price: '899', priceCurrency: 'CAD' },
      }),
    );
    expect(extractProduct(html, PAGE)).toMatchObject({ priceCents: 89900, currency: null });
  });

  it('fills missing JSON-LD fields from Open Graph', () => {
    const html = page(
      ld({
        '@type': 'Product',
        name: 'Matte Black Door Lever',
        offers: { price: '24.00', priceCurrency: 'GBP' },
      }) +
        '<meta property="og:title" content="Door Lever | Hardware Hub">' +
        '<meta property="og:image" content="https://hardware.example/lever.jpg">',
    );
    expect(extractProduct(html, PAGE)).toEqual({
      title: 'Matte Black Door Lever',
      image: 'https://hardware.example/lever.jpg',
      priceCents: 2400,
      currency: 'GBP',
      canonicalUrl: null,
    });
  });
});

describe('extractProduct — Open Graph and product meta', () => {
  it('reads og and product:price tags', () => {
    const html = page(`
      <title>Walk-in Shower Screen - BathCo</title>
      <meta property="og:type" content="product">
      <meta property="og:title" content="Walk-in Shower Screen 8mm">
      <meta property="og:image" content="/assets/screen.jpg?w=1200">
      <meta property="product:price:amount" content="1,049.00">
      <meta property="product:price:currency" content="GBP">`);
    expect(extractProduct(html, PAGE)).toEqual({
      title: 'Walk-in Shower Screen 8mm',
      image: 'https://shop.example.com/assets/screen.jpg?w=1200',
      priceCents: 104900,
      currency: 'GBP',
      canonicalUrl: null,
    });
  });

  it('reads og:price:amount and a currency symbol when no currency tag exists', () => {
    const html = page(`
      <meta name="og:title" content="Dishwasher 60cm">
      <meta property="og:price:amount" content="€ 549,99">`);
    expect(extractProduct(html, PAGE)).toMatchObject({ priceCents: 54999, currency: 'EUR' });
  });

  it('has no currency when none is given', () => {
    const html = page(
      `<meta property="og:title" content="Tile Spacers"><meta property="product:price:amount" content="4.99">`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({ priceCents: 499, currency: null });
  });
});

describe('extractProduct — microdata', () => {
  it('reads itemprops of the Product scope, not of nested brand or offer names', () => {
    const html = page(
      '<title>Fallback title</title>',
      `<div itemscope itemtype="https://schema.org/Product">
        <div itemprop="brand" itemscope itemtype="https://schema.org/Brand"><span itemprop="name">Kohl</span></div>
        <h1 itemprop="name">  Freestanding
           Bathtub 170 cm </h1>
        <img itemprop="image" src="images/tub.jpg" alt="">
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer">
          <span itemprop="priceCurrency" content="EUR">€</span>
          <span itemprop="price" content="1299.00">1.299,00</span>
        </div>
      </div>`,
    );
    expect(extractProduct(html, 'https://baths.example.org/tubs/170')).toEqual({
      title: 'Freestanding Bathtub 170 cm',
      image: 'https://baths.example.org/tubs/images/tub.jpg',
      priceCents: 129900,
      currency: 'EUR',
      canonicalUrl: null,
    });
  });

  it('reads a price from element text with a symbol', () => {
    const html = page(
      '',
      `<div itemscope itemtype="http://schema.org/Product"><span itemprop="name">LED Strip 5m</span>
       <span itemprop="price">£18.75</span></div>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'LED Strip 5m',
      priceCents: 1875,
      currency: 'GBP',
    });
  });
  // Review 24: a hostile page nesting its elements thousands deep made the clip worker walk up
  // from every element to its scope (the square of the depth: minutes) and then overflow the
  // stack reading the text, a 500 instead of the page's product.
  it('reads a name nested thousands deep, and the scope it belongs to', () => {
    const deep = '<i itemprop="name">'.repeat(8000);
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product">${deep}Bath tap</div>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({ title: 'Bath tap' });
  });

  it('reads a price whose text is nested tens of thousands deep', () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Tap</span>
       <span itemprop="price">${'<i>'.repeat(20000)}£12.50</span></div>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Tap',
      priceCents: 1250,
      currency: 'GBP',
    });
  });

  it("takes an offer's own itemprop as the product's, and nothing inside the offer", () => {
    const html = page(
      '',
      `<div itemscope itemtype="https://schema.org/Product">
        <div itemprop="image" itemscope itemtype="https://schema.org/ImageObject" content="/tap.jpg">
          <span itemprop="name">Photo of the tap</span></div>
        <span itemprop="name">Basin tap</span></div>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Basin tap',
      image: 'https://shop.example.com/tap.jpg',
    });
  });
});

describe('extractProduct — plain HTML fallback', () => {
  it('uses <title> and the first large image', () => {
    const html = page(
      '<title>\n  Vanity Unit 80cm | Bath Store </title>',
      `<img src="/logo.png" width="120" height="40">
       <img src="/icons/cart.svg">
       <img src="/products/vanity-80.jpg" width="800" height="600">
       <img src="/products/vanity-80-side.jpg" width="800" height="600">`,
    );
    expect(extractProduct(html, PAGE)).toEqual({
      title: 'Vanity Unit 80cm | Bath Store',
      image: 'https://shop.example.com/products/vanity-80.jpg',
      priceCents: null,
      currency: null,
      canonicalUrl: null,
    });
  });

  // Review 24: asking each <title> and <img> for its ancestors cost the square of the depth
  // (34 s for a 190 KB page nested 10,000 deep).
  it('reads the title and image of a page nested thousands deep, past an icon’s <title>', () => {
    const deep = 10_000;
    const html = page(
      '',
      `<svg><title>Cart icon</title></svg>${'<span><title>Oak table</title>'.repeat(deep)}${'<div><img src="/oak.jpg">'.repeat(deep)}`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Oak table',
      image: 'https://shop.example.com/oak.jpg',
    });
  });

  it('falls back to the first image of unknown size, never to a small one', () => {
    const html = page('<title>Small</title>', '<img src="a.png" width="50"><img src="b.png">');
    expect(extractProduct(html, PAGE).image).toBe('https://shop.example.com/p/b.png');
  });

  it('skips icons, sprites, logos, SVGs, pixels and banner strips', () => {
    const html = page(
      '<title>Pull</title>',
      `<img src="https://px.example/t.gif" width="1" height="1">
       <img src="/img/logo.png"><img src="/img/ui-sprite@2x.png" width="600" height="300">
       <img src="/icons/cart.svg"><img src="/banners/sale.jpg" width="1600" height="400">
       <img src="/p/pull.jpg" width="100%"><img src="/p/pull-large.jpg" width="800" height="800">`,
    );
    expect(extractProduct(html, PAGE).image).toBe('https://shop.example.com/p/pull-large.jpg');
  });

  it('takes the first image of unknown size when no image is known to be large', () => {
    const html = page('<title>T</title>', '<img src="/icons/x.png"><img src="/p/tub.jpg">');
    expect(extractProduct(html, PAGE).image).toBe('https://shop.example.com/p/tub.jpg');
  });

  it('ignores the <title> of an inline SVG', () => {
    const html = `<html><body><svg><title>Cart</title></svg><p>no head title</p></body></html>`;
    expect(extractProduct(html, PAGE).title).toBeNull();
  });

  it('honours <base href>', () => {
    const html = page(
      '<base href="https://static.example.com/de/"><title>X</title>',
      '<img src="x.jpg">',
    );
    expect(extractProduct(html, PAGE).image).toBe('https://static.example.com/de/x.jpg');
  });

  it('returns nulls for an empty or non-HTML document', () => {
    expect(extractProduct('', PAGE)).toEqual({
      title: null,
      image: null,
      priceCents: null,
      currency: null,
      canonicalUrl: null,
    });
    expect(extractProduct('%PDF-1.7 binary', PAGE)).toEqual({
      title: null,
      image: null,
      priceCents: null,
      currency: null,
      canonicalUrl: null,
    });
  });

  it('survives broken HTML', () => {
    const html =
      '<html><head><title>Broken <b>page</title><meta property="og:image" content="/i.jpg"<body><div><p>unclosed';
    const p = extractProduct(html, PAGE);
    expect(p.title).toBe('Broken <b>page');
  });
});

describe('extractProduct — unsafe image URLs', () => {
  it.each([
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:image/png;base64,AAAA',
    'file:///etc/passwd',
    'ftp://x.example/a.jpg',
  ])('drops %s', (src) => {
    const html = page(
      ld({ '@type': 'Product', name: 'P', image: src }) +
        `<meta property="og:image" content="${src}">`,
      `<img src="${src}" width="400" height="400">`,
    );
    expect(extractProduct(html, PAGE).image).toBeNull();
  });

  it('moves on to a safe image when the first candidate is unsafe', () => {
    const html = page(
      ld({ '@type': 'Product', name: 'P', image: 'javascript:alert(1)' }) +
        '<meta property="og:image" content="https://cdn.example/ok.jpg">',
    );
    expect(extractProduct(html, PAGE).image).toBe('https://cdn.example/ok.jpg');
  });

  it('skips lazy-loading data: placeholders in favour of data-src', () => {
    const html = page(
      '<title>T</title>',
      '<img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg" width="300" height="300">',
    );
    expect(extractProduct(html, PAGE).image).toBe('https://shop.example.com/real.jpg');
  });

  it('keeps titles as plain text (entities decoded, no markup interpreted)', () => {
    const html = page('<meta property="og:title" content="Tap &amp; Spout &lt;script&gt;">');
    expect(extractProduct(html, PAGE).title).toBe('Tap & Spout <script>');
  });
});

describe('extractProduct — currency hints across sources', () => {
  it('does not give a CAD price the dollar sign of another source', () => {
    const html = page(
      ld({ '@type': 'Product', name: 'Hood', offers: { price: '899.00', priceCurrency: 'CAD' } }),
      `<div itemscope itemtype="https://schema.org/Product"><span itemprop="price">$899.00</span></div>`,
    );
    expect(extractProduct(html, PAGE)).toMatchObject({ priceCents: 89900, currency: null });
  });

  it('borrows a currency only for a price that names none', () => {
    const html = page(
      ld({ '@type': 'Product', name: 'Hood', offers: { price: '899.00' } }) +
        '<meta property="product:price:currency" content="GBP">',
    );
    expect(extractProduct(html, PAGE)).toMatchObject({ priceCents: 89900, currency: 'GBP' });
  });

  it('reads no US dollar in a dollar price that names another currency', () => {
    const html = page('<meta property="og:price:amount" content="$899 CAD">');
    expect(extractProduct(html, PAGE)).toMatchObject({ priceCents: 89900, currency: null });
  });
});

describe('extractProduct — JSON-LD text and variants', () => {
  it('decodes character references left in JSON-LD strings into plain text', () => {
    const html = page(
      ld({
        '@type': 'Product',
        name: 'Tap &#8211; R&amp;D &lt;b&gt;bold&lt;/b&gt; &#x2122; &bogus;',
      }),
    );
    expect(extractProduct(html, PAGE).title).toBe('Tap – R&D <b>bold</b> ™ &bogus;');
  });

  it('reads the price of the first variant of a ProductGroup', () => {
    const html = page(
      ld({
        '@type': 'ProductGroup',
        name: 'Linen Roman Blind',
        hasVariant: [
          {
            '@type': 'Product',
            name: 'Linen Roman Blind 60 cm',
            offers: { price: 89, priceCurrency: 'EUR' },
          },
          {
            '@type': 'Product',
            name: 'Linen Roman Blind 90 cm',
            offers: { price: 119, priceCurrency: 'EUR' },
          },
        ],
      }),
    );
    expect(extractProduct(html, PAGE)).toMatchObject({
      title: 'Linen Roman Blind',
      priceCents: 8900,
      currency: 'EUR',
    });
  });
});

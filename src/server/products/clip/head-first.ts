import * as cheerio from 'cheerio';
import { Parser } from 'htmlparser2';
import { findCanonicalUrl } from './canonical';
import { resolveHttpUrl } from './clean';
import {
  type ExtractedProduct,
  type PageBytes,
  PARSE_OPTIONS,
  extractFromDocument,
  pageBase,
} from './extract';
import { fromJsonLd } from './json-ld';

/*
 * The product from a page's head alone, when nothing after the head can change it (decision
 * 0034): then the clipper stops reading the page there instead of parsing megabytes of body.
 */

/**
 * Where the head ends in the first bytes of a page, as the parser of a full parse tokenizes
 * them: the byte after `</head>`, or the start of `<body`, or null when neither is in `bytes`.
 * The bytes are read as latin1 (one character a byte): markup is ASCII in every charset the
 * clipper reads as HTML, and a byte of a multi-byte character never ends a tag.
 */
export function headEnd(bytes: Uint8Array): number | null {
  let end: number | null = null;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (end === null && name === 'body') {
          end = parser.startIndex;
          parser.pause();
        }
      },
      onclosetag(name, isImplied) {
        if (end === null && name === 'head' && !isImplied) {
          end = parser.endIndex + 1;
          parser.pause();
        }
      },
    },
    PARSE_OPTIONS.xml,
  );
  parser.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'));
  return end;
}

/**
 * The product a full parse of the page would give, from the page's head when that settles it:
 * a JSON-LD Product in the head with a name, an image, a priced offer that names its currency,
 * and a `<link rel="canonical">` on the page's own site. Everything after the head comes later
 * in the document, and every extractor keeps the first value it finds in document order, so
 * nothing there can change the answer (save a `<base>` in the body, which HTML does not allow).
 * Null when the head does not settle it, or `page.body` does not reach the end of the head.
 */
export function extractSettledHead(page: PageBytes): ExtractedProduct | null {
  const end = headEnd(page.body);
  if (end === null) return null;
  const head = Buffer.from(page.body.buffer, page.body.byteOffset, end);
  // Decoded as the full page is: the same charset header, and the same first bytes to sniff.
  const $ = cheerio.loadBuffer(head, {
    ...PARSE_OPTIONS,
    encoding: { transportLayerEncodingLabel: page.charset, defaultEncoding: 'utf-8' },
  });
  const base = pageBase($, page.pageUrl);
  const jsonLd = fromJsonLd($);
  const settled =
    jsonLd.title != null &&
    resolveHttpUrl(jsonLd.image, base) !== null &&
    jsonLd.priceCents != null &&
    jsonLd.currencyStated === true &&
    findCanonicalUrl($, base, page.pageUrl, []) !== null;
  return settled ? extractFromDocument($, page.pageUrl) : null;
}

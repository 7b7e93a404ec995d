import type { ExtractedProduct } from './extract';
import { CLIP_MESSAGES, ClipError, type FetchPageOptions, fetchPage } from './fetch-page';
import type { PageParser } from './page-parser';

export interface ClipPageOptions extends FetchPageOptions {
  /** Where the page is parsed: the app's worker pool (ctx.pageParser). */
  parser: PageParser;
}

export interface ClippedPage extends ExtractedProduct {
  /** The address after redirects; de-duplicate by `canonicalUrl ?? finalUrl`. */
  finalUrl: string;
}

const HTML_TYPES = new Set(['text/html', 'application/xhtml+xml']);
/** Types that say nothing about the body, so it is sniffed instead. */
const VAGUE_TYPES = new Set(['', 'text/plain', 'application/octet-stream', 'binary/octet-stream']);

function mediaType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

function charsetOf(contentType: string): string | undefined {
  return /;\s*charset\s*=\s*"?([\w.:-]+)"?/i.exec(contentType)?.[1];
}

/** Whether the start of a body of unknown type looks like an HTML document. */
function looksLikeHtml(body: Buffer): boolean {
  const start = body
    .subarray(0, 1024)
    .toString('latin1')
    .replace(/^\u00ef\u00bb\u00bf/, '')
    .trimStart()
    .toLowerCase();
  return /^<(?:!doctype html|html|head|body|title|meta|!--)/.test(start);
}

function isHtml(contentType: string, body: Buffer): boolean {
  const type = mediaType(contentType);
  if (HTML_TYPES.has(type)) return true;
  return VAGUE_TYPES.has(type) && looksLikeHtml(body);
}

/**
 * Fetches a retailer page behind the guard of {@link fetchPage} and extracts the product in the
 * parser's worker pool. An error answer or anything that is not an HTML page (an image, a PDF)
 * is a ClipError (422), so the caller can open the manual form. The body is decoded by its
 * declared or sniffed charset.
 */
export async function clipPage(url: string, opts: ClipPageOptions): Promise<ClippedPage> {
  const page = await fetchPage(url, opts);
  if (page.status < 200 || page.status >= 300) throw new ClipError(CLIP_MESSAGES.httpError);
  if (!isHtml(page.contentType, page.body)) throw new ClipError(CLIP_MESSAGES.notHtml);
  const found = await opts.parser.extract({
    body: page.body,
    charset: charsetOf(page.contentType),
    pageUrl: page.finalUrl,
  });
  return { ...found, finalUrl: page.finalUrl };
}

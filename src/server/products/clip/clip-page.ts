import type { ExtractedProduct } from './extract';
import { CLIP_MESSAGES, ClipError, type FetchPageOptions, fetchPage } from './fetch-page';
import type { PageParser } from './page-parser';

/** What clipPage needs of a parser: in the app, the worker's own thread (clip-task.ts). */
export type PageExtractor = Pick<PageParser, 'extract' | 'extractHead'>;

export interface ClipPageOptions extends FetchPageOptions {
  /** Where the page is parsed: inside the parse worker that fetched it (decision 0047). */
  parser: PageExtractor;
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

const isSuccess = (status: number) => status >= 200 && status < 300;

/** The head is looked for in the first MiB only: past it, trying costs more than it can save. */
const HEAD_SEARCH_BYTES = 1024 * 1024;
/** A sign that the head may end in this chunk; the parse worker finds where it really does. */
const HEAD_END_HINT = /<\/head|<body/i;

/**
 * Whether a chunk of the body, after the ones already seen, first shows a hint of the head's
 * end: true once at most, then false.
 */
function headEndWatcher(): (chunk: Buffer) => boolean {
  let seen = 0;
  let tail = '';
  let done = false;
  return (chunk) => {
    if (done) return false;
    seen += chunk.length;
    const text = tail + chunk.toString('latin1');
    tail = text.slice(-6);
    done = HEAD_END_HINT.test(text) || seen > HEAD_SEARCH_BYTES;
    return done && seen <= HEAD_SEARCH_BYTES;
  };
}

/**
 * Fetches a retailer page behind the guard of {@link fetchPage} and extracts the product with
 * the parser (the app runs all of it in a parse worker: `PageParser.clip`). When the page's head settles the product, reading stops there and the
 * rest of the page is never fetched nor parsed (decision 0034). An error answer or anything that
 * is not an HTML page (an image, a PDF) is a ClipError (422), so the caller can open the manual
 * form. The body is decoded by its declared or sniffed charset.
 */
export async function clipPage(url: string, opts: ClipPageOptions): Promise<ClippedPage> {
  let headCheck: Promise<ExtractedProduct | null> | undefined;
  const headEndHint = headEndWatcher();
  const page = await fetchPage(url, {
    ...opts,
    stopWhen: (chunk, read, answer) => {
      if (!headEndHint(chunk) || !isSuccess(answer.status)) return undefined;
      const body = Buffer.concat(read);
      if (!isHtml(answer.contentType, body)) return undefined;
      const head = { body, charset: charsetOf(answer.contentType), pageUrl: answer.finalUrl };
      // A head that cannot be read (its worker busy past the limit, or failing) is no verdict:
      // the full parse below meets the same trouble and reports it as it always has.
      headCheck = opts.parser.extractHead(head, { transfer: true }).catch(() => null);
      return headCheck.then((found) => found !== null);
    },
  });
  // Waits for the verdict if the whole page arrived first: still far cheaper than a full parse.
  const fromHead = headCheck ? await headCheck : null;
  if (fromHead) return { ...fromHead, finalUrl: page.finalUrl };
  if (!isSuccess(page.status)) throw new ClipError(CLIP_MESSAGES.httpError);
  if (!isHtml(page.contentType, page.body)) throw new ClipError(CLIP_MESSAGES.notHtml);
  const found = await opts.parser.extract(
    { body: page.body, charset: charsetOf(page.contentType), pageUrl: page.finalUrl },
    // The page was read only to be parsed: its 3 MB move to the worker rather than being copied.
    { transfer: true },
  );
  return { ...found, finalUrl: page.finalUrl };
}

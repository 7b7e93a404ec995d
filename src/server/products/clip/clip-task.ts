import type dns from 'node:dns';
import { move, transferableSymbol, valueSymbol } from 'piscina';
import { type ClippedPage, type PageExtractor, clipPage } from './clip-page';
import { extractFromBytes } from './extract';
import { ClipError, type FetchPageOptions } from './fetch-page';
import { extractSettledHead } from './head-first';
import { type FetchedImage, fetchImage } from './image-fetch';
import { spansItsBuffer } from './whole-buffer';

/*
 * A whole clip as the parse pool's worker runs it (decision 0047): the page is fetched behind the
 * guard, read and parsed in the worker thread, so its megabytes never pass through the request
 * thread, which only sends the address and receives the product.
 */

/** Fixed answers of a resolver, by host name: the addresses it gives, as dns.lookup's `all`. */
export type DnsAnswers = Record<string, Array<{ address: string; family: 4 | 6 }>>;

/** What the request thread sends the worker: plain data, as a message between threads must be. */
export interface ClipRequest extends Pick<
  FetchPageOptions,
  'allowHosts' | 'timeoutMs' | 'maxBytes' | 'maxRedirects'
> {
  url: string;
  /**
   * For tests: the resolver answers with these instead of asking DNS, and a name without an
   * answer is not found. A resolver function (fetchPage's `resolve`) cannot cross to a worker;
   * everything after the answer (the address checks at connect time, each redirect's) runs as
   * in production.
   */
  dnsAnswers?: DnsAnswers;
}

/** A refusal crosses back as its message: an error's class does not survive the thread's edge. */
export type ClipOutcome = { page: ClippedPage } | { refused: string };

/** Inside the worker, the head and the page are parsed right here, between two reads. */
const inThread: PageExtractor = {
  extract: (page) => Promise.resolve(extractFromBytes(page)),
  extractHead: (page) => Promise.resolve(extractSettledHead(page)),
};

/** A stand-in for dns.lookup with `all: true` that answers from `answers`, asynchronously. */
export function fixedResolver(answers: DnsAnswers): typeof dns.lookup {
  const lookup = (
    hostname: string,
    _options: unknown,
    callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
  ) => {
    const found = Object.hasOwn(answers, hostname) ? answers[hostname] : undefined;
    const notFound = Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), {
      code: 'ENOTFOUND',
    });
    process.nextTick(() => (found ? callback(null, found) : callback(notFound, [])));
  };
  return lookup as unknown as typeof dns.lookup;
}

/** The parse pool's `clip` task: the product on the page, or the clipper's refusal. */
export async function clipTask({ url, dnsAnswers, ...limits }: ClipRequest): Promise<ClipOutcome> {
  try {
    const page = await clipPage(url, {
      ...limits,
      ...(dnsAnswers ? { resolve: fixedResolver(dnsAnswers) } : {}),
      parser: inThread,
    });
    return { page };
  } catch (err) {
    if (err instanceof ClipError) return { refused: err.message };
    throw err;
  }
}

/** A product photo to fetch in the worker (decision 0052): the address and the same test answers. */
export type ImageRequest = Pick<ClipRequest, 'url' | 'allowHosts' | 'dnsAnswers'>;

export type ImageOutcome = { image: FetchedImage } | { refused: string };

/**
 * The parse pool's `fetchImage` task: the photo's bytes, or the clipper's refusal. The bytes'
 * memory moves to the request thread rather than being copied; a small photo's bytes sit in a
 * slice of Node's shared buffer pool, which must not move (it serves the worker's other
 * buffers), so they are copied into memory of their own first.
 */
export async function imageTask({ url, allowHosts, dnsAnswers }: ImageRequest) {
  let image: FetchedImage;
  try {
    image = await fetchImage(url, {
      allowHosts,
      ...(dnsAnswers ? { resolve: fixedResolver(dnsAnswers) } : {}),
    });
  } catch (err) {
    if (err instanceof ClipError) return { refused: err.message } satisfies ImageOutcome;
    throw err;
  }
  const body = spansItsBuffer(image.body) ? image.body : new Uint8Array(image.body);
  const outcome: ImageOutcome = { image: { body, finalUrl: image.finalUrl } };
  return move({
    [transferableSymbol]: body.buffer,
    [valueSymbol]: outcome,
  });
}

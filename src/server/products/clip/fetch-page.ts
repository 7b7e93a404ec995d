import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { HttpError } from '../../http/errors';
import type { PageFound } from '../../../shared/schemas/errors';
import { type AllowCheck, effectivePort, makeAllowCheck } from './allow-hosts';
import { isForbiddenAddress, normalizeHost } from './guard';

/** A URL the clipper refuses to fetch or could not read: always 4xx, never 5xx. */
export class ClipError extends HttpError {
  constructor(message: string, found?: PageFound) {
    super(422, message, undefined, found);
    this.name = 'ClipError';
  }
}

export const CLIP_MESSAGES = {
  invalid: 'This is not a valid web address.',
  scheme: 'Only http and https addresses can be fetched.',
  forbidden: 'This address cannot be fetched.',
  port: 'Only addresses on the standard ports (80 and 443) can be fetched.',
  tooLarge: 'The page is too large.',
  timeout: 'The page took too long to answer.',
  redirects: 'Too many redirects.',
  badRedirect: 'The page redirected to an address that cannot be fetched.',
  unreachable: 'The page could not be reached.',
  httpError: 'The shop answered with an error instead of the page.',
  notHtml: 'This address is not a web page (it may be an image or a document).',
} as const;

export interface FetchPageOptions {
  /**
   * Hosts exempt from the address and port rules: `host` (every port) or `host:port` (that port
   * only); IPv6 with or without brackets, `[v6]:port` with a port.
   */
  allowHosts: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  accept?: string;
  /** Resolver used by the guarded lookup; dns.lookup unless a test injects another. */
  resolve?: typeof dns.lookup;
  /**
   * Shown each chunk of the final answer's body as it arrives; a promise it returns that
   * resolves to true stops reading there, and the page comes back with the bytes read by then
   * (`complete: false`). Reading waits for that verdict up to {@link VERDICT_WAIT_MS}, then goes
   * on meanwhile: a slow verdict never holds up the fetch for long.
   */
  stopWhen?: (
    chunk: Buffer,
    read: readonly Buffer[],
    answer: PageAnswer,
  ) => Promise<boolean> | undefined;
}

/** The final answer's status and headers, as known before its body. */
export interface PageAnswer {
  finalUrl: string;
  status: number;
  contentType: string;
}

export interface FetchedPage extends PageAnswer {
  body: Buffer;
  /** False when `stopAfter` stopped reading before the end of the body. */
  complete: boolean;
}

/**
 * How long reading waits for a `stopWhen` verdict: long enough for a quick check to spare the
 * rest of the download, short enough that a check waiting its turn behind other work never
 * eats the fetch's time limit (decision 0034).
 */
export const VERDICT_WAIT_MS = 1_000;

/** True or false as `verdict` resolves, or undefined after `ms` (reading goes on). */
async function within(verdict: Promise<boolean>, ms: number): Promise<boolean | undefined> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), ms);
  });
  try {
    return await Promise.race([verdict.catch(() => false), late]);
  } finally {
    clearTimeout(timer);
  }
}

const DEFAULT_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5';
const USER_AGENT = 'Mozilla/5.0 (compatible; PlansmithClipper/1.0)';

/** Marks a refusal raised inside the connect-time lookup. */
class ForbiddenLookupError extends Error {
  readonly code = 'ECLIPFORBIDDEN';
}

type Resolve = typeof dns.lookup;

/** Resolves every address of a host and refuses the answer unless `exempt(hostname)`. */
function checkedLookup(exempt: (hostname: string) => boolean, resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(
      hostname,
      { all: true, family: options.family ?? 0, hints: options.hints ?? 0 },
      (err, addresses) => {
        if (err) {
          callback(err, '', 0);
          return;
        }
        const list = addresses;
        if (
          !exempt(hostname) &&
          (list.length === 0 || list.some((a) => isForbiddenAddress(a.address)))
        ) {
          callback(new ForbiddenLookupError(CLIP_MESSAGES.forbidden), '', 0);
          return;
        }
        const first = list[0];
        if (!first) {
          callback(
            Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }),
            '',
            0,
          );
          return;
        }
        if (options.all) callback(null, list);
        else callback(null, first.address, first.family);
      },
    );
  };
}

/**
 * A `lookup` for net/tls connect that resolves every address of the host and refuses the
 * connection when any of them is forbidden, unless the host is allow-listed (by name: the
 * resolver never sees the port). Because it runs at connect time, the address checked is the
 * address connected (no DNS rebinding window).
 */
export function guardedLookup(allowHosts: string[], resolve: Resolve = dns.lookup): LookupFunction {
  const isAllowed = makeAllowCheck(allowHosts);
  return checkedLookup((hostname) => isAllowed(hostname, null), resolve);
}

/**
 * Connects with the address check unless this host and port are allow-listed, so an entry
 * `127.0.0.1:4000` does not open other ports of 127.0.0.1 even through a host name.
 */
function guardedConnector(
  isAllowed: AllowCheck,
  resolve: Resolve,
  timeoutMs: number,
): buildConnector.connector {
  const guarded = buildConnector({
    timeout: timeoutMs,
    lookup: checkedLookup(() => false, resolve),
  });
  const open = buildConnector({ timeout: timeoutMs, lookup: checkedLookup(() => true, resolve) });
  return (options, callback) => {
    const port = effectivePort(options.protocol, options.port);
    const connect = isAllowed(options.hostname, port) ? open : guarded;
    connect(options, callback);
  };
}

function errorChain(err: unknown): unknown[] {
  const out: unknown[] = [];
  let cur: unknown = err;
  for (let i = 0; i < 6 && cur; i++) {
    out.push(cur);
    cur = cur instanceof Error ? cur.cause : undefined;
  }
  return out;
}

/** Checks a URL before any connection: scheme, port, and IP-literal hosts (never resolved). */
function checkUrl(raw: string, isAllowed: AllowCheck, message: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ClipError(CLIP_MESSAGES.invalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new ClipError(CLIP_MESSAGES.scheme);
  if (url.username || url.password) throw new ClipError(message);
  const host = normalizeHost(url.hostname);
  if (!host) throw new ClipError(CLIP_MESSAGES.invalid);
  if (isAllowed(host, effectivePort(url.protocol, url.port))) return url;
  if (url.port !== '' && url.port !== '80' && url.port !== '443')
    throw new ClipError(CLIP_MESSAGES.port);
  // net.connect skips `lookup` for IP literals, so those are checked here.
  if (isIP(host) && isForbiddenAddress(host)) throw new ClipError(message);
  if (host === 'localhost' || host.endsWith('.localhost')) throw new ClipError(message);
  return url;
}

/**
 * Fetches a page for the clipper behind the SSRF guard: http(s) only, standard ports, every
 * connected address checked, redirects followed by hand and re-checked at each hop, a byte limit
 * while streaming and one time limit for the whole fetch. Every refusal is a ClipError (422).
 */
export async function fetchPage(url: string, opts: FetchPageOptions): Promise<FetchedPage> {
  const timeoutMs = opts.timeoutMs ?? 10_000;
  const maxBytes = opts.maxBytes ?? 3 * 1024 * 1024;
  const maxRedirects = opts.maxRedirects ?? 5;
  const isAllowed = makeAllowCheck(opts.allowHosts);
  const signal = AbortSignal.timeout(timeoutMs);
  const agent = new Agent({
    connect: guardedConnector(isAllowed, opts.resolve ?? dns.lookup, timeoutMs),
  });

  let current = checkUrl(url, isAllowed, CLIP_MESSAGES.forbidden);
  try {
    for (let hop = 0; ; hop++) {
      const res = await request(current, {
        method: 'GET',
        dispatcher: agent,
        signal,
        headers: {
          accept: opts.accept ?? DEFAULT_ACCEPT,
          'user-agent': USER_AGENT,
          'accept-language': 'en;q=0.9, *;q=0.5',
        },
      });
      const location = res.headers.location;
      if (res.statusCode >= 300 && res.statusCode < 400 && location !== undefined) {
        await res.body.dump().catch(() => undefined);
        if (hop >= maxRedirects) throw new ClipError(CLIP_MESSAGES.redirects);
        const target = Array.isArray(location) ? location[0] : location;
        let next: string;
        try {
          next = new URL(target ?? '', current).toString();
        } catch {
          throw new ClipError(CLIP_MESSAGES.badRedirect);
        }
        current = checkUrl(next, isAllowed, CLIP_MESSAGES.badRedirect);
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > maxBytes) {
        discard(res.body);
        throw new ClipError(CLIP_MESSAGES.tooLarge);
      }
      const ct = res.headers['content-type'];
      const answer: PageAnswer = {
        finalUrl: current.toString(),
        status: res.statusCode,
        contentType: (Array.isArray(ct) ? ct[0] : ct) ?? '',
      };
      const chunks: Buffer[] = [];
      let total = 0;
      let stopped = false;
      const stop = (yes: boolean) => {
        if (!yes || stopped) return;
        stopped = true;
        destroyWithoutStacks(res.body);
      };
      try {
        for await (const chunk of res.body) {
          if (stopped) break;
          const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
          total += buf.length;
          if (total > maxBytes) {
            res.body.destroy();
            throw new ClipError(CLIP_MESSAGES.tooLarge);
          }
          chunks.push(buf);
          const verdict = opts.stopWhen?.(buf, chunks, answer);
          if (!verdict) continue;
          const early = await within(verdict, VERDICT_WAIT_MS);
          if (early === undefined) verdict.then(stop, () => undefined);
          else stop(early);
          if (stopped) break;
        }
      } catch (err) {
        // Stopping on purpose ends the body early: that is not a failure.
        if (!stopped) throw err;
      }
      return { ...answer, body: Buffer.concat(chunks, total), complete: !stopped };
    }
  } catch (err) {
    throw toClipError(err, signal);
  } finally {
    void agent.close().catch(() => undefined);
  }
}

/**
 * Ends a body on purpose. Destroying it makes undici raise three errors (the body's, the
 * request's, the socket's), and the socket reads its error's stack at once: with source maps on
 * (tsx), about a millisecond of the request thread per stopped page (decision 0041). Nothing reads
 * them, so they are made without stack frames. The destroy runs synchronously to the socket's.
 */
function destroyWithoutStacks(body: { destroy: () => unknown }): void {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    body.destroy();
  } finally {
    Error.stackTraceLimit = limit;
  }
}

/**
 * Ends a body nobody reads. Destroyed before its first read, undici's body raises its abort
 * error a turn later with no listener left to take it: an uncaught error, which ends a worker
 * thread (decision 0047) and every clip running in it.
 */
function discard(body: { destroy: () => unknown; on: (event: 'error', f: () => void) => unknown }) {
  body.on('error', () => undefined);
  body.destroy();
}

function toClipError(err: unknown, signal: AbortSignal): ClipError {
  if (err instanceof ClipError) return err;
  const chain = errorChain(err);
  if (chain.some((e) => e instanceof ForbiddenLookupError))
    return new ClipError(CLIP_MESSAGES.forbidden);
  if (signal.aborted) return new ClipError(CLIP_MESSAGES.timeout);
  const timedOut = chain.some((e) => {
    const code = (e as { code?: unknown }).code;
    const name = (e as { name?: unknown }).name;
    return (
      name === 'TimeoutError' ||
      code === 'UND_ERR_CONNECT_TIMEOUT' ||
      code === 'UND_ERR_HEADERS_TIMEOUT' ||
      code === 'UND_ERR_BODY_TIMEOUT' ||
      code === 'ETIMEDOUT'
    );
  });
  if (timedOut) return new ClipError(CLIP_MESSAGES.timeout);
  return new ClipError(CLIP_MESSAGES.unreachable);
}

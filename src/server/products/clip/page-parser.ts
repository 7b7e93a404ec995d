import os from 'node:os';
import { Piscina } from 'piscina';
import type { ExtractedProduct, PageBytes } from './extract';
import { CLIP_MESSAGES, ClipError } from './fetch-page';

/** Parsing a clipped page, off the request thread (decision 0026). */
export interface PageParser {
  /**
   * The product on a fetched HTML page, parsed in a worker thread. Waiting for a worker and
   * parsing share one time limit; past it the parse is abandoned (its worker stopped) and the
   * clip fails as a slow page does, with a ClipError (422).
   */
  extract(page: PageBytes, opts?: TransferOption): Promise<ExtractedProduct>;
  /**
   * The product from the first bytes of a page when its head settles it, so the rest need not
   * be read (decision 0034); null when it does not. Same worker pool and time limit.
   */
  extractHead(page: PageBytes, opts?: TransferOption): Promise<ExtractedProduct | null>;
  /** Stops the workers; parses still running are abandoned. */
  close(): Promise<void>;
}

export interface TransferOption {
  /**
   * Move `page.body`'s memory to the worker instead of copying it, when the body is the whole
   * of its ArrayBuffer; the caller's view of it is then empty. For a page read only to be parsed.
   */
  transfer?: boolean;
}

/** More parsers than this would only hold more 3 MB documents at once: clips come at a person's pace. */
const MAX_THREADS = 4;
/**
 * Waiting for a worker and parsing, together: a burst of clips waits in line behind one worker
 * (decision 0026), so this is longer than the fetch's 10 s, yet a clip still never hangs.
 */
export const PARSE_TIMEOUT_MS = 30_000;
/** Measured on the benchmark's 3 MB page: 32–64 MB parse faster than a worker's default. */
const YOUNG_GENERATION_MB = 48;
/** A worker outlives a burst of clips by this long, then exits until the next clip. */
const IDLE_MS = 60_000;

/**
 * One worker per core the machine gives this process, less one for the request thread, at least
 * one and at most {@link MAX_THREADS}.
 */
export function parseThreads(parallelism = os.availableParallelism()): number {
  return Math.max(1, Math.min(MAX_THREADS, parallelism - 1));
}

export function createPageParser({
  threads = parseThreads(),
  timeoutMs = PARSE_TIMEOUT_MS,
}: { threads?: number; timeoutMs?: number } = {}): PageParser {
  const pool = new Piscina<PageBytes, ExtractedProduct | null>({
    filename: new URL('./parse-worker.mjs', import.meta.url).href,
    // No worker until the first clip: most processes (and every API test app) never clip.
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    // Below the request thread's priority: when the machine is short of CPU, answering requests
    // comes before finishing a parse (Linux, through piscina's optional @napi-rs/nice).
    niceIncrement: 10,
    // A page's DOM is hundreds of thousands of short-lived objects: with a larger young
    // generation than a worker's default, fewer survive into costly collections (parses about
    // a quarter faster).
    resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
  });
  async function run<T>(page: PageBytes, name: string, transfer = false): Promise<T> {
    const signal = AbortSignal.timeout(timeoutMs);
    const { buffer, byteOffset, byteLength } = page.body;
    const movable =
      transfer &&
      buffer instanceof ArrayBuffer &&
      byteOffset === 0 &&
      byteLength === buffer.byteLength;
    try {
      return (await pool.run(page, {
        name,
        signal,
        ...(movable ? { transferList: [buffer] } : {}),
      })) as T;
    } catch (err) {
      if (signal.aborted) throw new ClipError(CLIP_MESSAGES.timeout);
      throw err;
    }
  }
  return {
    extract: (page, opts) => run<ExtractedProduct>(page, 'default', opts?.transfer),
    extractHead: (page, opts) => run<ExtractedProduct | null>(page, 'parseHead', opts?.transfer),
    close: () => pool.close({ force: true }),
  };
}

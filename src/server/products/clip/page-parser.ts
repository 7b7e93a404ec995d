import os from 'node:os';
import { Piscina } from 'piscina';
import type { ClippedPage } from './clip-page';
import type { ClipOutcome, ClipRequest, ImageOutcome, ImageRequest } from './clip-task';
import type { ExtractedProduct, PageBytes } from './extract';
import { CLIP_MESSAGES, ClipError } from './fetch-page';
import type { FetchedImage } from './image-fetch';
import { poolTasks } from './retired-pools';
import { spansItsBuffer } from './whole-buffer';

/** Parsing a clipped page, off the request thread (decision 0026). */
export interface PageParser {
  /**
   * The product on a fetched HTML page, parsed in a worker thread. Waiting for a worker and
   * parsing share one time limit; past it the clip fails as a slow page does, with a ClipError
   * (422), and its workers are stopped once as long again has passed.
   */
  extract(page: PageBytes, opts?: TransferOption): Promise<ExtractedProduct>;
  /**
   * The product from the first bytes of a page when its head settles it, so the rest need not
   * be read (decision 0034); null when it does not. Same worker pool and time limit.
   */
  extractHead(page: PageBytes, opts?: TransferOption): Promise<ExtractedProduct | null>;
  /**
   * A whole clip in a worker thread (decision 0047): the page fetched behind the clipper's guard
   * (clipPage), read and parsed there, so its bytes never pass through the request thread. A
   * refusal is a ClipError (422), as from clipPage; the same time limit as a parse.
   */
  clip(request: ClipRequest): Promise<ClippedPage>;
  /**
   * A product photo's bytes, fetched in a worker thread behind the same guard (decision 0052):
   * its connection and download never run on the request thread. A refusal is a ClipError (422).
   */
  fetchImage(request: ImageRequest): Promise<FetchedImage>;
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
/**
 * Clips one worker runs at once (decision 0047). Most of a clip is waiting for the shop, so one
 * worker serves a burst; its parses still run one after another. Enough that a burst of slow
 * shops (each up to the fetch's 10 s) does not hold everyone else's clips past the pool's time
 * limit; each clip holds at most one page (3 MB).
 */
const CLIPS_PER_WORKER = 32;
/** Piscina's error for the tasks of a worker it stopped. */
const THREAD_STOPPED = 'Terminating worker thread';
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
  onPoolError = (err: unknown) => console.error('clip worker failed', err),
}: {
  threads?: number;
  timeoutMs?: number;
  /** A worker that fails outside a task (at its start, say): told, never the process's end. */
  onPoolError?: (err: unknown) => void;
} = {}): PageParser {
  const newPool = () => {
    const pool = new Piscina<PageBytes | ClipRequest | ImageRequest, unknown>({
      filename: new URL('./parse-worker.mjs', import.meta.url).href,
      // No worker until the first clip: most processes (and every API test app) never clip.
      minThreads: 0,
      maxThreads: threads,
      concurrentTasksPerWorker: CLIPS_PER_WORKER,
      idleTimeout: IDLE_MS,
      // Below the request thread's priority: when the machine is short of CPU, answering requests
      // comes before finishing a parse (Linux, through piscina's optional @napi-rs/nice).
      niceIncrement: 10,
      // A page's DOM is hundreds of thousands of short-lived objects: with a larger young
      // generation than a worker's default, fewer survive into costly collections (parses about
      // a quarter faster).
      resourceLimits: { maxYoungGenerationSizeMb: YOUNG_GENERATION_MB },
    });
    // Piscina emits 'error' for a worker that fails outside a task; unheard, that event would
    // end the whole server. The clips it was running fail as theirs; the next clip starts a new
    // worker.
    pool.on('error', onPoolError);
    return pool;
  };
  let pool = newPool();
  const tasks = poolTasks<ReturnType<typeof newPool>>(timeoutMs);
  /**
   * New tasks go to a new pool; the old one finishes what it holds (a task late only for its
   * wait in the queue still answers) and is stopped when that is done, or once as long again
   * has passed, with any parse still stuck in it.
   */
  function retire(old: ReturnType<typeof newPool>): void {
    pool = newPool();
    tasks.retire(old);
  }
  /*
   * The time limit is kept here, not by handing piscina an AbortSignal: piscina gives a worker
   * running an abortable task no other task, so every clip waited for the one before it, a slow
   * shop's 10 s included, and a few slow pages made everyone else's clips time out (review 24).
   * A task past the limit fails as a slow page does; the pool it ran in, stuck in a parse or
   * with a queue that long, is retired (see `retire`).
   */
  async function run<T>(
    task: PageBytes | ClipRequest | ImageRequest,
    name: string,
    move?: ArrayBuffer,
  ): Promise<T> {
    const current = pool;
    const late = new ClipError(CLIP_MESSAGES.timeout);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const overTime = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(late), timeoutMs);
    });
    try {
      return (await Promise.race([
        tasks.track(
          current,
          current.run(task, { name, ...(move ? { transferList: [move] } : {}) }),
        ),
        overTime,
      ])) as T;
    } catch (err) {
      if (err === late) {
        if (pool === current) retire(current);
        throw err;
      }
      // A task of a pool replaced meanwhile: it too has waited long, and ends as a slow page.
      if (pool !== current || (err instanceof Error && err.message === THREAD_STOPPED))
        throw new ClipError(CLIP_MESSAGES.timeout);
      throw err;
    } finally {
      clearTimeout(timer);
    }
  }
  function parse<T>(page: PageBytes, name: string, transfer = false): Promise<T> {
    const movable = transfer && spansItsBuffer(page.body);
    return run<T>(page, name, movable ? (page.body.buffer as ArrayBuffer) : undefined);
  }
  return {
    extract: (page, opts) => parse<ExtractedProduct>(page, 'default', opts?.transfer),
    extractHead: (page, opts) => parse<ExtractedProduct | null>(page, 'parseHead', opts?.transfer),
    clip: async (request) => {
      const outcome = await run<ClipOutcome>(request, 'clip');
      if ('refused' in outcome) throw new ClipError(outcome.refused);
      return outcome.page;
    },
    fetchImage: async (request) => {
      const outcome = await run<ImageOutcome>(request, 'fetchImage');
      if ('refused' in outcome) throw new ClipError(outcome.refused);
      return outcome.image;
    },
    // Not piscina's close, which waits up to its limit for the parses running.
    close: async () => {
      await Promise.all([tasks.stopRetired(), pool.destroy()]);
    },
  };
}

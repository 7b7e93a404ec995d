import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { bigProductPage } from '../../../../tests/support/big-product-page';
import { CLIP_MESSAGES, ClipError } from './fetch-page';
import { createPageParser, parseThreads } from './page-parser';

/**
 * A shop that never answers: a clip of it stays in its worker for as long as a test lets it, and
 * its connection ends only when that worker is stopped.
 */
async function silentShop() {
  let reached!: () => void;
  const shopReached = new Promise<void>((resolve) => (reached = resolve));
  let dropped = false;
  const shop = http.createServer((req) => {
    req.socket.on('close', () => (dropped = true));
    reached();
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const { port } = shop.address() as AddressInfo;
  return {
    reached: shopReached,
    dropped: () => dropped,
    clip: {
      url: `http://127.0.0.1:${port}/p/1`,
      allowHosts: ['127.0.0.1'],
      // The clip's own fetch limit, far past the pool's: only the pool can end this clip.
      timeoutMs: 600_000,
    },
    close: async () => {
      shop.closeAllConnections();
      await new Promise((resolve) => shop.close(resolve));
    },
  };
}

const failure = (task: Promise<unknown>) =>
  task.then(
    () => undefined,
    (e: unknown) => e,
  );

describe('the parse pool', () => {
  it('sizes itself from the machine: a core left to the request thread, one to four workers', () => {
    expect([1, 2, 3, 5, 64].map(parseThreads)).toEqual([1, 1, 2, 4, 4]);
  });

  it('abandons a parse past its time limit with the clipper’s timeout message', async () => {
    // Starting a worker alone takes longer than this limit.
    const parser = createPageParser({ threads: 1, timeoutMs: 1 });
    try {
      const err = await parser
        .extract({ body: bigProductPage(), charset: undefined, pageUrl: 'http://shop.test/p/1' })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(ClipError);
      expect((err as ClipError).statusCode).toBe(422);
      expect((err as ClipError).message).toBe(CLIP_MESSAGES.timeout);
    } finally {
      await parser.close();
    }
  });

  it('retires a pool past its time limit: the next parse runs in a new pool, the old is stopped a limit later', async () => {
    // The first clip never gets an answer, so it passes the pool's limit whatever the machine's
    // speed.
    const shop = await silentShop();
    const poolErrors: unknown[] = [];
    // Long enough for a new worker to start and parse a small page on a busy machine.
    const parser = createPageParser({
      threads: 1,
      timeoutMs: 5_000,
      onPoolError: (err) => poolErrors.push(err),
    });
    try {
      const stuck = failure(parser.clip(shop.clip));
      await shop.reached;
      const err = await stuck;
      expect(err).toBeInstanceOf(ClipError);
      expect((err as ClipError).message).toBe(CLIP_MESSAGES.timeout);
      // The old pool is closing and takes no new task: this parse answers only from a new one.
      const product = await parser.extract({
        body: new TextEncoder().encode(
          '<html><head><title>Brushed brass faucet</title></head></html>',
        ),
        charset: undefined,
        pageUrl: 'http://shop.test/p/2',
      });
      expect(product.title).toBe('Brushed brass faucet');
      // The old pool still holds the stuck clip; a limit later its worker is stopped with it.
      // Waited for less than piscina's default 30 s close limit, so the stop seen is retire's;
      // piscina tells of that stop as an error, which is no failure of a worker.
      await vi.waitFor(() => expect(shop.dropped()).toBe(true), { timeout: 25_000, interval: 100 });
      expect(poolErrors).toEqual([]);
    } finally {
      await parser.close();
      await shop.close();
    }
  }, 60_000);

  it('stops its workers at once on close, abandoning a parse still running', async () => {
    const shop = await silentShop();
    const poolErrors: unknown[] = [];
    // A limit far past the test's own: only the close can end this clip.
    const parser = createPageParser({
      threads: 1,
      timeoutMs: 600_000,
      onPoolError: (err) => poolErrors.push(err),
    });
    try {
      const stuck = failure(parser.clip(shop.clip));
      await shop.reached;
      // A server stopping waits for this, and piscina's close would wait 30 s for the clip.
      await parser.close();
      const err = await stuck;
      expect(err).toBeInstanceOf(ClipError);
      expect((err as ClipError).message).toBe(CLIP_MESSAGES.timeout);
      await vi.waitFor(() => expect(shop.dropped()).toBe(true), { timeout: 10_000, interval: 100 });
      expect(poolErrors).toEqual([]);
    } finally {
      await shop.close();
    }
  }, 20_000);
});

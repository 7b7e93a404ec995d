import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { bigProductPage } from '../../../../tests/support/big-product-page';
import { CLIP_MESSAGES, ClipError } from './fetch-page';
import { createPageParser, parseThreads } from './page-parser';

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
    // A shop that never answers: the first clip stays in its worker for as long as this test
    // lets it, so it passes the pool's limit whatever the machine's speed, and its connection
    // ends only when that worker is stopped.
    let reached!: () => void;
    const shopReached = new Promise<void>((resolve) => (reached = resolve));
    let dropped = false;
    const shop = http.createServer((req) => {
      req.socket.on('close', () => (dropped = true));
      reached();
    });
    await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
    const { port } = shop.address() as AddressInfo;
    const poolErrors: unknown[] = [];
    // Long enough for a new worker to start and parse a small page on a busy machine.
    const parser = createPageParser({
      threads: 1,
      timeoutMs: 5_000,
      onPoolError: (err) => poolErrors.push(err),
    });
    try {
      const stuck = parser
        .clip({
          url: `http://127.0.0.1:${port}/p/1`,
          allowHosts: ['127.0.0.1'],
          // The clip's own fetch limit, far past the pool's: only the pool can end this clip.
          timeoutMs: 600_000,
        })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      await shopReached;
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
      // Waited for less than piscina's own 30 s close limit, so the stop seen is retire's.
      await vi.waitFor(() => expect(dropped).toBe(true), { timeout: 25_000, interval: 100 });
      expect(poolErrors).toEqual([]);
    } finally {
      await parser.close();
      shop.closeAllConnections();
      await new Promise((resolve) => shop.close(resolve));
    }
  }, 60_000);
});

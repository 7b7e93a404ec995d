import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Piscina } from 'piscina';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ClipOutcome, ClipRequest } from './clip-task';
import { poolTasks } from './retired-pools';

/** A shop whose pages answer only when the test lets each through. */
async function heldShop() {
  const reached = new Map<string, () => void>();
  const arrived = new Map<string, Promise<void>>();
  const release = new Map<string, () => void>();
  const held = new Map<string, Promise<void>>();
  for (const path of ['/p/b', '/p/c', '/p/stuck']) {
    arrived.set(path, new Promise((resolve) => reached.set(path, resolve)));
    held.set(path, new Promise((resolve) => release.set(path, resolve)));
  }
  const shop = http.createServer((req, res) => {
    const path = req.url ?? '';
    reached.get(path)?.();
    void held
      .get(path)
      ?.then(() =>
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end(`<html><head><title>Tap ${path}</title></head></html>`),
      );
  });
  await new Promise<void>((resolve) => shop.listen(0, '127.0.0.1', resolve));
  const { port } = shop.address() as AddressInfo;
  return {
    clip: (path: string): ClipRequest => ({
      url: `http://127.0.0.1:${port}${path}`,
      allowHosts: ['127.0.0.1'],
      timeoutMs: 600_000,
    }),
    arrived: (path: string) => arrived.get(path)!,
    release: (path: string) => release.get(path)!(),
    close: async () => {
      shop.closeAllConnections();
      await new Promise((resolve) => shop.close(resolve));
    },
  };
}

/** The real parse workers, two of them, one clip each: two clips run on two workers. */
const twoWorkers = () =>
  new Piscina<ClipRequest, ClipOutcome>({
    filename: new URL('./parse-worker.mjs', import.meta.url).href,
    minThreads: 2,
    maxThreads: 2,
    concurrentTasksPerWorker: 1,
  });

const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  await Promise.all(cleanup.splice(0).map((step) => step()));
});

describe('a retired parse pool', () => {
  it('finishes every clip it holds, on each of its workers, and is stopped after the last', async () => {
    const shop = await heldShop();
    const pool = twoWorkers();
    cleanup.push(shop.close, () => pool.destroy());
    const tasks = poolTasks<typeof pool>(600_000);
    const b = tasks.track(pool, pool.run(shop.clip('/p/b'), { name: 'clip' }));
    const c = tasks.track(pool, pool.run(shop.clip('/p/c'), { name: 'clip' }));
    await Promise.all([shop.arrived('/p/b'), shop.arrived('/p/c')]);
    tasks.retire(pool);
    // One worker done: piscina's own close would stop the pool here, failing the other clip.
    shop.release('/p/c');
    expect(await c).toMatchObject({ page: { title: 'Tap /p/c' } });
    expect(pool.threads).toHaveLength(2);
    shop.release('/p/b');
    expect(await b).toMatchObject({ page: { title: 'Tap /p/b' } });
    await vi.waitFor(() => expect(pool.threads).toHaveLength(0), { timeout: 10_000 });
  });

  it('holding nothing, is stopped at once', async () => {
    const pool = twoWorkers();
    cleanup.push(() => pool.destroy());
    const tasks = poolTasks<typeof pool>(600_000);
    await vi.waitFor(() => expect(pool.threads).toHaveLength(2), { timeout: 10_000 });
    tasks.retire(pool);
    await vi.waitFor(() => expect(pool.threads).toHaveLength(0), { timeout: 10_000 });
  });

  it('is stopped a limit after its retirement with a clip still stuck in it, which fails', async () => {
    const shop = await heldShop();
    const pool = twoWorkers();
    cleanup.push(shop.close, () => pool.destroy());
    const tasks = poolTasks<typeof pool>(1_000);
    const stuck = tasks.track(pool, pool.run(shop.clip('/p/stuck'), { name: 'clip' })).then(
      () => undefined,
      (err: unknown) => err,
    );
    await shop.arrived('/p/stuck');
    tasks.retire(pool);
    expect(await stuck).toMatchObject({ message: 'Terminating worker thread' });
    await vi.waitFor(() => expect(pool.threads).toHaveLength(0), { timeout: 10_000 });
  });

  it('is stopped with the others when its owner closes', async () => {
    const shop = await heldShop();
    const pool = twoWorkers();
    cleanup.push(shop.close, () => pool.destroy());
    const tasks = poolTasks<typeof pool>(600_000);
    const stuck = tasks.track(pool, pool.run(shop.clip('/p/stuck'), { name: 'clip' })).then(
      () => undefined,
      (err: unknown) => err,
    );
    await shop.arrived('/p/stuck');
    tasks.retire(pool);
    await tasks.stopRetired();
    expect(pool.threads).toHaveLength(0);
    expect(await stuck).toMatchObject({ message: 'Terminating worker thread' });
  });
});

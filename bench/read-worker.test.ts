import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';

let server: http.Server | undefined;
afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * A server that answers every GET with 1 kB and counts the answers it has finished; `onAnswer`
 * hears each count.
 */
async function countingServer(
  onAnswer: (answered: number) => void = () => {},
): Promise<{ url: string; answered: () => number }> {
  let answered = 0;
  server = http.createServer((_req, res) => {
    res.on('finish', () => onAnswer((answered += 1)));
    res.end(Buffer.alloc(1024));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, answered: () => answered };
}

describe("largest-allowed's readers", () => {
  it('finish their warm-up reads before they say they started, then read the timed ones', async () => {
    const { url, answered } = await countingServer();
    const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      workerData: { url, headers: {}, reads: 8, concurrent: 4, warmup: 6 },
    });
    const messages: { started?: true; readMs?: number; error?: string; answered: number }[] = [];
    await new Promise<void>((resolve, reject) => {
      worker.on('message', (m: { readMs?: number; error?: string }) => {
        messages.push({ ...m, answered: answered() });
        if (m.readMs !== undefined || m.error) resolve();
      });
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(messages.map(({ answered: _, ...m }) => Object.keys(m))).toEqual([
      ['started'],
      ['reads', 'readMs'],
    ]);
    // At least the six warm-up reads (timed ones may come in before this thread sees the message).
    expect(messages[0]!.answered).toBeGreaterThanOrEqual(6);
    expect(messages[1]!.answered).toBe(6 + 8);
  });

  it('go on past their count until told it is enough, then say how many they read', async () => {
    const readers: { worker?: Worker } = {};
    const { url, answered } = await countingServer((count) => {
      // Well past the 4 asked for: only then is the worker told.
      if (count === 12) readers.worker?.postMessage('enough');
    });
    const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
      workerData: { url, headers: {}, reads: 4, concurrent: 2, untilTold: true },
    });
    readers.worker = worker;
    const done = await new Promise<{ reads?: number; error?: string }>((resolve, reject) => {
      worker.on('message', (m: { started?: true; reads?: number; error?: string }) => {
        if (!m.started) resolve(m);
      });
      worker.once('error', reject);
    });
    await worker.terminate();
    expect(done.error).toBeUndefined();
    expect(done.reads).toBeGreaterThanOrEqual(12);
    expect(done.reads).toBe(answered());
  });
});

import { benchContractor, withBenchApp } from './harness';
import { load, rawGet, rawServer } from './load';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

const GROUPS = 30;
const ITEMS = 40;
const CONNECTIONS = 10;
const SECONDS = 5;

/**
 * Issue 12's largest proposal (30 groups × 40 items) read again and again as a browser asks for
 * it (Brotli accepted), against plain node:http sending the very bytes the app sent.
 */
export const largestRead: Benchmark = {
  name: 'largest-read',
  title: `GET of a ${GROUPS} × ${ITEMS} proposal, repeated, ${CONNECTIONS} connections, throughput`,
  reference: 'node:http, same bytes',
  target: { compare: '>=', ratio: 0.85 },
  run: () =>
    withBenchApp(async (app) => {
      const cookie = await benchContractor(app);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const id = await createBenchProposal(address, cookie, { groups: GROUPS, items: ITEMS });
      const url = `${address}/api/proposal/${id}`;
      const headers = { cookie, 'accept-encoding': 'br' };
      const sample = await rawGet(url, headers);
      if (sample.status !== 200) throw new Error(`GET proposal: ${sample.status}`);
      const { body } = sample;
      const replyHeaders: Record<string, string> = {
        'content-type': sample.headers['content-type'] ?? 'application/json',
      };
      const encoding = sample.headers['content-encoding'];
      if (encoding) replyHeaders['content-encoding'] = encoding;
      const raw = await rawServer(body, replyHeaders);
      try {
        const ours = await load(url, { connections: CONNECTIONS, seconds: SECONDS, headers });
        const reference = await load(raw.url, { connections: CONNECTIONS, seconds: SECONDS });
        if (ours.non2xx > 0) throw new Error(`${ours.non2xx} answers were not 2xx`);
        return {
          figure: ours.requestsPerSecond,
          reference: reference.requestsPerSecond,
          unit: 'req/s',
          notes: [
            `reply ${(body.length / 1024).toFixed(0)} kB as sent (${encoding ?? 'uncompressed'}); read by its owner; p99 ours ${ours.p99Ms} ms, reference ${reference.p99Ms} ms`,
          ],
        };
      } finally {
        await raw.close();
      }
    }),
};

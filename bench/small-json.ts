import type { Benchmark } from './table';
import { benchContractor, withBenchApp } from './harness';
import { load, rawServer } from './load';

const CONNECTIONS = 50;
const SECONDS = 5;

/**
 * The smallest signed-in route (the current user) under 50 connections, against plain node:http
 * sending the same bytes: what the framework, the session lookup and the hooks cost per request.
 */
export const smallJson: Benchmark = {
  name: 'small-json',
  title: `signed-in GET /api/authorization/me, ${CONNECTIONS} connections, throughput`,
  reference: 'node:http, same bytes',
  target: { compare: '>=', ratio: 0.85 },
  run: () =>
    withBenchApp(async (app) => {
      const cookie = await benchContractor(app);
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const url = `${address}/api/authorization/me`;
      const sample = await fetch(url, { headers: { cookie } });
      const body = Buffer.from(await sample.arrayBuffer());
      if (sample.status !== 200) throw new Error(`GET /me: ${sample.status}`);
      const raw = await rawServer(body, {
        'content-type': sample.headers.get('content-type') ?? 'application/json',
      });
      try {
        const ours = await load(url, {
          connections: CONNECTIONS,
          seconds: SECONDS,
          headers: { cookie },
        });
        const reference = await load(raw.url, { connections: CONNECTIONS, seconds: SECONDS });
        if (ours.non2xx > 0) throw new Error(`${ours.non2xx} answers were not 2xx`);
        return {
          figure: ours.requestsPerSecond,
          reference: reference.requestsPerSecond,
          unit: 'req/s',
          notes: [
            `reply ${body.length} bytes; p99 latency ours ${ours.p99Ms} ms, reference ${reference.p99Ms} ms`,
          ],
        };
      } finally {
        await raw.close();
      }
    }),
};

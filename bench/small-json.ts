import type { Benchmark } from './table';
import { benchContractor, withBenchApp } from './harness';
import { loadAlternated, rawGet, rawServer } from './load';

const CONNECTIONS = 50;
/** Ours and the references driven in turn, this many times each, SECONDS at a time. */
const ROUNDS = 2;
const SECONDS = 3;
/** Written by node:http itself for each reply. */
const PER_REPLY = new Set(['date', 'connection', 'keep-alive', 'content-length']);

/**
 * The smallest signed-in route (the current user) under 50 connections, against plain node:http
 * sending the same bytes: what the framework, the session lookup and the hooks cost per request.
 * The same bytes are the body and the headers (the security headers are 1 kB of every reply, and
 * writing them costs node:http too, decision 0039); node:http adds its own date, connection and
 * length. The body-only reference of earlier runs is measured too and printed as a note.
 */
export const smallJson: Benchmark = {
  name: 'small-json',
  title: `signed-in GET /api/authorization/me, ${CONNECTIONS} connections, throughput`,
  reference: 'node:http, same bytes (body and headers)',
  target: { compare: '>=', ratio: 0.85 },
  runsOnPostgres: true,
  run: ({ postgres }) =>
    withBenchApp(
      async (app) => {
        const cookie = await benchContractor(app);
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        const url = `${address}/api/authorization/me`;
        const sample = await rawGet(url, { cookie });
        if (sample.status !== 200) throw new Error(`GET /me: ${sample.status}`);
        const { body } = sample;
        const sent: Record<string, string> = {};
        for (const [name, value] of Object.entries(sample.headers))
          if (typeof value === 'string' && !PER_REPLY.has(name)) sent[name] = value;
        const raw = await rawServer(body, sent);
        const bodyOnly = await rawServer(body, { 'content-type': sent['content-type'] ?? '' });
        try {
          const [ours, reference, plain] = await loadAlternated(
            [{ url, headers: { cookie } }, { url: raw.url }, { url: bodyOnly.url }],
            { connections: CONNECTIONS, seconds: SECONDS, rounds: ROUNDS },
          );
          if (ours.non2xx > 0) throw new Error(`${ours.non2xx} answers were not 2xx`);
          return {
            figure: ours.requestsPerSecond,
            reference: reference.requestsPerSecond,
            unit: 'req/s',
            notes: [
              `reply ${body.length} bytes and ${Object.keys(sent).length} headers; p99 latency ours ${ours.p99Ms} ms, reference ${reference.p99Ms} ms`,
              `body only with a content type: ${Math.round(plain.requestsPerSecond)} req/s, ratio ${(ours.requestsPerSecond / plain.requestsPerSecond).toFixed(2)}`,
            ],
          };
        } finally {
          await raw.close();
          await bodyOnly.close();
        }
      },
      { postgres },
    ),
};

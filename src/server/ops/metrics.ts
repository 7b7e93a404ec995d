import { timingSafeEqual, createHash } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import client from 'prom-client';
import type pg from 'pg';
import type { Config } from '../config/config';
import type { Db } from '../db/database';
import { countMailByStatus } from '../mail/outbox-repository';
import { RequestCounts, registerRequestHistogram, requestCounter } from './request-metrics';

/**
 * What the app counts for Prometheus. One registry per app (tests build several in one process);
 * the gauges that need the database or the pool read them when scraped, never on a timer.
 */
export interface Metrics {
  registry: client.Registry;
  /** A delivery attempt that failed; `final` when no retry is left. */
  outboxFailures: client.Counter<'final'>;
  outboxSent: client.Counter;
  /** A retailer page fetched for a clip, and the clips that failed (with the reason's kind). */
  clipFetches: client.Counter;
  clipFailures: client.Counter<'kind'>;
}

export const METRICS_PATH = '/metrics';

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'plansmith_' });
  return {
    registry,
    outboxFailures: new client.Counter({
      name: 'plansmith_outbox_send_failures_total',
      help: 'Outbox delivery attempts that failed (final="true": no retry left)',
      labelNames: ['final'],
      registers: [registry],
    }),
    outboxSent: new client.Counter({
      name: 'plansmith_outbox_sent_total',
      help: 'Messages the outbox worker handed to the SMTP relay',
      registers: [registry],
    }),
    clipFetches: new client.Counter({
      name: 'plansmith_clip_fetches_total',
      help: 'Retailer pages fetched to clip a product',
      registers: [registry],
    }),
    clipFailures: new client.Counter({
      name: 'plansmith_clip_failures_total',
      help: 'Clips that found no product (kind="page": the page; kind="error": anything else)',
      labelNames: ['kind'],
      registers: [registry],
    }),
  };
}

interface Sources {
  db: Db;
  pool: pg.Pool | undefined;
  /** Logs a failed read of the outbox while scraping (the scrape still answers). */
  onError: (err: unknown) => void;
}

/** Requests by route pattern (never the raw URL: ids would make a series each) and status. */
export function registerHttpMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  sources: Sources,
): void {
  // Counted in plain numbers and handed to prom-client when scraped (decision 0062).
  const counts = new RequestCounts([0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]);
  requestCounter(counts, {
    name: 'plansmith_http_requests_total',
    help: 'HTTP requests answered, by route pattern and status',
    registry: metrics.registry,
  });
  registerRequestHistogram(counts, {
    name: 'plansmith_http_request_duration_seconds',
    help: 'Time from a request’s arrival to its answer, by route pattern and status',
    registry: metrics.registry,
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? '(no route)';
    counts.record(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    done();
  });

  new client.Gauge({
    name: 'plansmith_outbox_messages',
    help: 'Messages in the outbox waiting to be sent (status="pending") or given up (status="failed")',
    labelNames: ['status'],
    registers: [metrics.registry],
    async collect() {
      try {
        const counts = await countMailByStatus(sources.db);
        for (const status of ['pending', 'failed']) this.set({ status }, counts.get(status) ?? 0);
      } catch (err) {
        sources.onError(err);
      }
    },
  });
  const pool = sources.pool;
  if (pool) {
    new client.Gauge({
      name: 'plansmith_db_pool_connections',
      help: 'PostgreSQL pool connections (state="total", "idle"; "waiting" counts queued requests)',
      labelNames: ['state'],
      registers: [metrics.registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
  }
}

function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

async function answer(metrics: Metrics, reply: FastifyReply) {
  const text = await metrics.registry.metrics();
  return reply.header('content-type', metrics.registry.contentType).send(text);
}

function authorised(request: FastifyRequest, token: string | undefined): boolean {
  if (token === undefined) return true;
  const header = request.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  return match !== null && sameToken(match[1]!, token);
}

/**
 * GET /metrics (decision 0028): on a port of its own when METRICS_PORT is set (never on the app's
 * port then), else on the app's port to a bearer of METRICS_TOKEN, else nowhere. With both set,
 * the metrics port asks for the token too. Returns the metrics server to close, if one was started.
 */
export async function serveMetrics(
  app: FastifyInstance,
  metrics: Metrics,
  config: Config['metrics'],
): Promise<FastifyInstance | undefined> {
  const route = (server: FastifyInstance) =>
    server.get(METRICS_PATH, { config: { rateLimit: false } }, async (request, reply) => {
      if (!authorised(request, config.token)) {
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ statusCode: 401, error: 'Unauthorized', message: 'A metrics token is needed.' });
      }
      return answer(metrics, reply);
    });
  if (config.port !== undefined) {
    const server = Fastify({ logger: false });
    route(server);
    await server.listen({ port: config.port, host: config.host });
    return server;
  }
  if (config.token !== undefined) route(app);
  return undefined;
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { pendingMigrations, pingDatabase } from '../db/database';

/** Shared by the health routes and the shutdown: true from SIGTERM on. */
export interface Lifecycle {
  draining: boolean;
}

export const SHUTTING_DOWN = 'The server is restarting. Please try again in a moment.';
/** A check that takes longer than this counts as failed: a probe must not hang with the database. */
export const CHECK_TIMEOUT_MS = 3000;
const HEALTH_PATHS = new Set(['/healthz', '/readyz']);
/** The operator's paths: never pages of the client, so never redirected to a trailing slash. */
export const OPERATOR_PATHS = new Set([...HEALTH_PATHS, '/metrics']);

type Check = () => Promise<string | undefined>;

function withTimeout(check: Check): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    check(),
    new Promise<string>((resolve) => {
      timer = setTimeout(
        () => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`),
        CHECK_TIMEOUT_MS,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * GET /healthz: the process is up (no database call). GET /readyz: the database answers, its
 * migrations are at the latest and storage serves (a local directory takes a write, a bucket
 * answers); otherwise 503 naming each check that failed, in words that hold no user data and no
 * address (the log has the error). Both are outside the rate limit; neither needs a session.
 */
export function registerHealthRoutes(app: FastifyInstance, ctx: AppContext, life: Lifecycle): void {
  // While draining, only the probes are answered; anything arriving on a connection still open
  // gets a 503 its client may retry elsewhere, and every answer closes its connection.
  // A callback hook: while serving (every request but during a drain) it returns at once,
  // without the promise and microtask an async hook costs (decision 0048).
  app.addHook('onRequest', (request, reply, done) => {
    if (!life.draining) return done();
    reply.header('connection', 'close');
    if (HEALTH_PATHS.has(request.url.split('?')[0] ?? '')) return done();
    void reply.status(503).send({
      statusCode: 503,
      error: 'Service Unavailable',
      message: SHUTTING_DOWN,
      requestId: request.id,
    });
  });

  app.get('/healthz', { config: { rateLimit: false } }, async () => ({ status: 'ok' }));

  const checks: Record<string, Check> = {
    database: async () => {
      await pingDatabase(ctx.db);
      return undefined;
    },
    migrations: async () => {
      const pending = await pendingMigrations(ctx.db);
      return pending === 0 ? undefined : `${pending} migration(s) not applied`;
    },
    storage: async () => {
      await ctx.storage.ready();
      return undefined;
    },
  };

  const runChecks = () =>
    Promise.all(
      Object.entries(checks).map(async ([name, check]) => {
        const failure = await withTimeout(check).catch((err: unknown) => {
          ctx.log.warn({ err, check: name }, 'readiness check failed');
          return name === 'storage' ? 'not writable' : 'unreachable';
        });
        if (failure) ctx.log.warn({ check: name, failure }, 'not ready');
        return [name, failure ?? 'ok'] as const;
      }),
    );
  // The probe is public and outside the limits: probes arriving while one runs share its answer,
  // so a flood costs one run at a time (a check that timed out may still be finishing beside it).
  let running: ReturnType<typeof runChecks> | undefined;

  app.get('/readyz', { config: { rateLimit: false } }, async (_request, reply) => {
    if (life.draining) return reply.status(503).send({ status: 'draining', checks: {} });
    running ??= runChecks().finally(() => (running = undefined));
    const results = await running;
    const ready = results.every(([, result]) => result === 'ok');
    return reply
      .status(ready ? 200 : 503)
      .send({ status: ready ? 'ready' : 'not ready', checks: Object.fromEntries(results) });
  });
}

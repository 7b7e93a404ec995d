import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';

/**
 * The logger of the request being served, so that every line a request causes carries its
 * `reqId`, including those of the mailer and the clipper, which log through `ctx.log` and are
 * never handed the request (decision 0028).
 */
const current = new AsyncLocalStorage<{ log: FastifyBaseLogger; id: string }>();

/**
 * `base` while no request is being served, the request's child logger while one is. Methods are
 * looked up on each call, so a logger kept in a long-lived object (ctx.log) follows the request.
 */
export function requestAwareLogger(base: FastifyBaseLogger): FastifyBaseLogger {
  return new Proxy(base, {
    get(target, prop) {
      const logger = current.getStore()?.log ?? target;
      const value: unknown = Reflect.get(logger, prop, logger);
      return typeof value === 'function'
        ? (value as (...a: unknown[]) => unknown).bind(logger)
        : value;
    },
  });
}

/**
 * Enters the request's context on arrival and again before the handler: a request body is read
 * on the socket's own events, which do not carry the context from onRequest.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onRequest', (request, _reply, done) =>
    current.run({ log: request.log, id: request.id }, done),
  );
  app.addHook('preHandler', (request, _reply, done) =>
    current.run({ log: request.log, id: request.id }, done),
  );
}

/** Runs `fn` outside any request: timers it starts belong to no request. */
export function outsideRequests<T>(fn: () => T): T {
  return current.exit(fn);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return current.getStore()?.id;
}

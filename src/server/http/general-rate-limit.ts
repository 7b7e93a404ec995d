import type { FastifyInstance, FastifyRequest } from 'fastify';
import { normalizeIP, type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

/** The body of a 429, for the general limit and the routes' own limits alike. */
export function tooManyRequests(ttlMs: number) {
  return {
    statusCode: 429,
    error: 'Too Many Requests',
    message: `Too many requests. Please wait ${Math.ceil(ttlMs / 1000)} seconds and try again.`,
  };
}

export interface GeneralLimit {
  max: number;
  timeWindow: number;
  store: FastifyRateLimitStoreCtor;
  /** Requests that do not count (built files). */
  allow: (request: FastifyRequest) => boolean;
}

/** The general limit's check, a callback hook (see registerGeneralRateLimit). */
export type RateLimitHook = (
  request: FastifyRequest,
  reply: { header: (name: string, value: string | number) => unknown },
  done: (err?: Error) => void,
) => void;

/**
 * Whom a limit counts when nobody is signed in: the client's address, an IPv6 client by its /64
 * (one host holds a whole /64, so its addresses are one client). Every limit keyed by address
 * uses it; @fastify/rate-limit normalizes only with its default key.
 */
export function clientKey(request: FastifyRequest): string {
  // An IPv4 address holds no colon: its key is itself, as normalizeIP would make it, without the
  // IPv6 regular expression it runs first (decision 0062).
  const ip = request.ip;
  return ip.includes(':') ? normalizeIP(ip) : ip.toLowerCase();
}

/** A route's own limit: per person when signed in (under `scope`), else per client. */
export const personOrClient =
  (scope: string) =>
  (request: FastifyRequest): string =>
    request.user ? `${scope}:${request.user.id}` : clientKey(request);

/**
 * The general per-IP limit of every route without one of its own, counted in the shared store
 * (decision 0031) with what @fastify/rate-limit does for it: the same key (the IP, an IPv6
 * address by its /64), the same headers, the same 429, the request going on when the store
 * fails. Done here, not by the plugin, because the plugin's hook is an async function around an
 * awaited allow-list and a promise for the store's answer: about 15 µs of a signed-in request's
 * 100 (decision 0056), while the store answers most requests at once. This hook is a callback
 * and goes on in the same turn when the store does. Routes with a limit of their own (or none,
 * `rateLimit: false`) are left to the plugin, registered with `global: false`, whose
 * merged settings and child stores are unchanged.
 *
 * Returns the check itself, for what is no route: the page handler (Fastify's not-found
 * handler), which serves every page and renders the signed-in viewer and shop pages.
 */
export function registerGeneralRateLimit(app: FastifyInstance, limit: GeneralLimit): RateLimitHook {
  const store = new limit.store({});
  const { max, timeWindow, allow } = limit;
  const limitHeader = String(max);

  const hook: RateLimitHook = (request, reply, done) => {
    if (allow(request)) return done();
    store.incr(
      clientKey(request),
      (err, result) => {
        // As the plugin's skipOnError: a store that cannot count lets the request through.
        const current = err || !result ? 0 : result.current;
        const ttl = err || !result ? 0 : result.ttl;
        const reset = Math.ceil(ttl / 1000);
        reply.header('x-ratelimit-limit', limitHeader);
        if (current <= max) {
          reply.header('x-ratelimit-remaining', max - current);
          reply.header('x-ratelimit-reset', reset);
          return done();
        }
        reply.header('x-ratelimit-remaining', 0);
        reply.header('x-ratelimit-reset', reset);
        reply.header('retry-after', reset);
        done(tooManyRequests(ttl) as unknown as Error);
      },
      timeWindow,
      max,
    );
  };

  // Added to each route's own onRequest hooks, where the plugin put its hook, so the order of
  // the checks is the one it had.
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit != null) return;
    const own = route.onRequest;
    route.onRequest = own === undefined ? [hook] : [own].flat().concat(hook);
  });
  return hook;
}

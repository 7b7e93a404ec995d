import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Requests of this route that arrive together are taken up one per turn of the event loop,
     * before any hook's work (decision 0052): for a route whose requests come in bursts.
     */
    ownTurn?: boolean;
  }
}

/**
 * Clips that arrive together start one per turn of the event loop (decision 0041). Up to its
 * first wait for the network, a clip's start (the catalogue look-up, the guarded connection to
 * the shop) runs without a break; twenty arriving at once ran back to back, one stall of tens of
 * milliseconds for every other request. Given a turn each, they leave the loop free in between,
 * for the price of a turn's wait (well under a millisecond on an idle loop) for each clip ahead.
 */
// Process-wide on purpose: the turns are the event loop's, whichever app's the request is.
const waiting: Array<() => void> = [];
/** Requests of `ownTurn` routes waiting at most; past it a burst goes on as it came. */
export const MAX_WAITING = 256;

function releaseOne(): void {
  waiting.shift()?.();
  // An immediate queued while immediates run waits for the next turn of the loop.
  if (waiting.length > 0) setImmediate(releaseOne);
}

/** Resolves in a turn of the event loop of its own, after the clips that asked before it. */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (waiting.length === 1) setImmediate(releaseOne);
  });
}

/**
 * Takes up the requests of `ownTurn` routes one per turn (decision 0052). Registered before every
 * other hook: requests read from sockets in one turn of the loop each ran their hooks (the
 * session, the rate limits, the body) back to back within that turn, so a burst of twenty clips
 * arriving together held the loop for all twenty. Other routes pass straight on.
 */
export function registerOwnTurns(app: FastifyInstance): void {
  const methods = new Set<string>();
  app.addHook('onRoute', (route) => {
    if (route.config?.ownTurn === true) for (const m of [route.method].flat()) methods.add(m);
  });
  app.addHook('onRequest', (request, _reply, done) => {
    // Fastify builds `routeOptions` anew on each read: a request whose method no such route has
    // (every GET, the reads the throughput rows measure) passes without it.
    if (!methods.has(request.method) || request.routeOptions.config.ownTurn !== true) return done();
    // A flood (refused ones too: this runs before the rate limit) must not queue real work
    // behind it: past the bound, requests go on at once, as every other route's do.
    if (waiting.length >= MAX_WAITING) return done();
    nextTurn().then(
      () => done(),
      (err: unknown) => done(err as Error),
    );
  });
}

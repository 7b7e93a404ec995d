import zlib from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies of this many bytes or more are compressed. */
export const COMPRESS_THRESHOLD = 1024;

type OnSend = (
  this: unknown,
  request: unknown,
  reply: unknown,
  payload: unknown,
  done: (err?: Error | null, payload?: unknown) => void,
) => void;

/**
 * Replies of 1 kB or more go out with br or gzip when the client accepts them. Brotli at quality
 * 3: what comes through here is mostly small dynamic JSON (a GET reply of 16 kB or more is
 * compressed and kept by reply-bytes.ts), for which a new quality-4 encoder took twice quality 3's
 * time (0.15 against 0.08 ms for a page of search results, its 512 kB hash table touched cold
 * each time) for 2 % fewer bytes (decision 0054).
 *
 * @fastify/compress's onSend negotiates the encoding and looks up the content type before it
 * compares the size; for a reply that cannot reach the threshold (a string of fewer than a third
 * as many characters, UTF-8 taking at most 3 bytes for each; a shorter buffer) it then hands the
 * payload on untouched. Such replies, most of the API's, skip its onSend (decision 0062): the
 * same bytes and headers, without the look-ups.
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  const earlier = new WeakMap<object, Set<unknown>>();
  app.addHook('onRoute', (route) => {
    earlier.set(route, new Set([route.onSend ?? []].flat()));
  });
  await app.register(compress, {
    global: true,
    threshold: COMPRESS_THRESHOLD,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3 } },
  });
  // Registered after the plugin's own onRoute hook: the onSend hooks it added are the new ones.
  app.addHook('onRoute', (route) => {
    const had = earlier.get(route);
    if (!had || route.onSend === undefined) return;
    const hooks = [route.onSend].flat() as unknown as OnSend[];
    route.onSend = hooks.map((hook) => (had.has(hook) ? hook : largeRepliesOnly(hook)));
  });
}

export function cannotReachThreshold(payload: unknown): boolean {
  if (typeof payload === 'string') return payload.length * 3 < COMPRESS_THRESHOLD;
  return Buffer.isBuffer(payload) && payload.length < COMPRESS_THRESHOLD;
}

function largeRepliesOnly(onSend: OnSend): OnSend {
  return function (request, reply, payload, done) {
    if (cannotReachThreshold(payload)) return done(null, payload);
    onSend.call(this, request, reply, payload, done);
  };
}

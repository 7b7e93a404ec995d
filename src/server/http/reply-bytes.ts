import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { preferredEncoding } from './encoding';

/** Below this a reply is cheap to compress each time, and not worth an entry. */
const MIN_CHARS = 16 * 1024;
const CACHE_BYTES = 32 * 1024 * 1024;

/**
 * Large JSON replies (a proposal, the OpenAPI document) carry an ETag made from their bytes: a
 * request that names it gets 304 and no body, and the compressed bytes are kept by ETag and
 * encoding, so a proposal read again and again is compressed once per change, not once per read.
 * Keyed by content, so a change anywhere (plan, signature, owner's name) is a new entry: nothing
 * to invalidate, nothing stale. Runs before @fastify/compress, which leaves encoded replies alone.
 */
export function registerReplyBytes(app: FastifyInstance): void {
  const compressed = new LRUCache<string, Buffer>({
    maxSize: CACHE_BYTES,
    sizeCalculation: (bytes) => bytes.length || 1,
  });

  // A callback hook: on every reply, and synchronous; an async hook would cost a promise and a
  // microtask per request for nothing (decision 0048).
  app.addHook('onSend', (request, reply, payload, done) => {
    let sent: unknown;
    try {
      sent = replyBytes(request, reply, payload);
    } catch (err) {
      done(err as Error);
      return;
    }
    done(null, sent);
  });

  function replyBytes(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
    if (
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      payload.length < MIN_CHARS ||
      !String(reply.getHeader('content-type') ?? '').startsWith('application/json')
    )
      return payload;
    const etag = `"${createHash('sha256').update(payload).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('vary', 'accept-encoding');
    if (etagMatches(request.headers['if-none-match'], etag)) {
      reply.code(304);
      return '';
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (encoding === 'identity') return payload;
    const key = `${encoding}:${etag}`;
    let bytes = compressed.get(key);
    if (!bytes) {
      bytes =
        encoding === 'br'
          ? zlib.brotliCompressSync(payload, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
            })
          : zlib.gzipSync(payload);
      compressed.set(key, bytes);
    }
    reply.header('content-encoding', encoding);
    reply.header('content-length', bytes.length);
    return bytes;
  }
}

/** If-None-Match holds the ETag (or `*`), in a list or alone, weak or strong. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

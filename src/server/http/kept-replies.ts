import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { accepts, preferredEncoding, type Encoding } from './encoding';
import { etagMatches } from './reply-bytes';

/** As @fastify/compress is set up (app.ts): below this compressing saves nothing. */
const COMPRESS_FROM = 1024;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * A reply's JSON, which may be put together only when first read (decision 0050): a reply sent
 * as gzip from parts never needs it whole. Its length is known before, to size the cache and to
 * decide whether to compress.
 */
export interface ReplyBody {
  length: number;
  readonly json: Buffer;
}

/** `pieces` joined when first read; then the pieces are let go. */
export function joinedWhenRead(pieces: Buffer[]): ReplyBody {
  let rest: Buffer[] | undefined = pieces;
  let json: Buffer | undefined;
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  return {
    length,
    get json() {
      if (json === undefined) {
        json = Buffer.concat(rest ?? [], length);
        rest = undefined;
      }
      return json;
    },
  };
}

/**
 * A reply as built: its body and, where the route keeps it in parts compressed each on its own
 * (decision 0043), its gzip bytes made from them.
 */
export interface BuiltReply {
  body: ReplyBody;
  /** Made from the bytes, as this class would, when the route can do it for less. */
  etag?: string;
  gzip?: () => Buffer;
}

/**
 * A serialized reply and its compressed forms, made when first asked for. It holds the route's
 * `gzip` (and what it closes over: the parts' deflate data) only until first used, so what it
 * keeps is what `sizeOf` counts.
 */
interface Kept {
  /** Read whole only when needed: no gzip taken, Brotli to make, the viewer's page. */
  body: ReplyBody;
  etag: string;
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
  /** Until first used: the gzip bytes from the reply's parts, for any client that takes gzip. */
  gzipOfParts?: (() => Buffer) | undefined;
  /** How often the gzip from parts was sent; from the second time, Brotli is made for the next. */
  gzipReads?: number;
  brotliStarted?: boolean;
}

const sizeOf = (kept: Kept) =>
  kept.body.length + (kept.encoded.br?.length ?? 0) + (kept.encoded.gzip?.length ?? 0);

/**
 * Serialized JSON replies kept by a key that names everything they are made of (decision 0024),
 * least recently used dropped past `maxBytes`. The caller reads the key from the database on
 * every request, so an entry is only ever served for the data it was made from, whichever
 * instance changed that data; nothing here is invalidated, a change makes a new key. Concurrent
 * requests for one missing key build it once. The ETag is made from the bytes, as for other
 * large replies (reply-bytes.ts), so two instances give one reply the same ETag.
 */
export class KeptReplies {
  /** Key to ETag: small, so many keys may name one reply (an owner-only change leaves the others'). */
  private readonly etags = new LRUCache<string, string>({ max: 10_000 });
  /** The bytes by ETag, counted against the budget. */
  private readonly bodies: LRUCache<string, Kept>;
  private readonly building = new Map<string, Promise<Kept>>();

  constructor(maxBytes: number) {
    this.bodies = new LRUCache<string, Kept>({ maxSize: maxBytes, sizeCalculation: sizeOf });
  }

  /**
   * Sends the reply kept under `key`, or builds it (`build` answers the JSON the route's schema
   * allows, written by a serializer of that schema) and keeps it. A request
   * that names its ETag gets 304; the body goes as the request accepts it, compressed once.
   */
  async send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    build: () => Promise<Buffer | BuiltReply>,
  ): Promise<FastifyReply> {
    const kept = this.find(key) ?? (await this.buildOnce(key, build));
    return this.write(request, reply, kept);
  }

  /**
   * Sends the reply kept under `key` if there is one, as `send` would; undefined when it must be
   * built. The request's turn goes on without a promise unless the encoding asked for is not
   * made yet (decision 0051).
   */
  sendKept(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
  ): FastifyReply | Promise<FastifyReply> | undefined {
    const kept = this.find(key);
    return kept && this.write(request, reply, kept);
  }

  private find(key: string): Kept | undefined {
    const etag = this.etags.get(key);
    return etag === undefined ? undefined : this.bodies.get(etag);
  }

  private write(
    request: FastifyRequest,
    reply: FastifyReply,
    kept: Kept,
  ): FastifyReply | Promise<FastifyReply> {
    reply.header('etag', kept.etag);
    reply.header('vary', 'accept-encoding');
    reply.type('application/json; charset=utf-8');
    if (etagMatches(request.headers['if-none-match'], kept.etag)) return reply.code(304).send();
    const accepted = request.headers['accept-encoding'];
    if (kept.body.length < COMPRESS_FROM) return reply.send(kept.body.json);
    // Made from parts compressed once (decision 0043): a first read compresses only what is new
    // in it, so gzip is preferred to Brotli here, 40 % larger. A version read a second time gets
    // Brotli 5 made off the request's path, for the reads after it; one read once costs no more.
    const brotliKept = kept.encoded.br && accepts(accepted, 'br');
    if ((kept.encoded.gzip || kept.gzipOfParts) && accepts(accepted, 'gzip') && !brotliKept) {
      let gzipped = kept.encoded.gzip;
      if (!gzipped && kept.gzipOfParts) {
        gzipped = kept.gzipOfParts();
        kept.gzipOfParts = undefined;
        this.keep(kept, 'gzip', gzipped);
      }
      kept.gzipReads = (kept.gzipReads ?? 0) + 1;
      if (kept.gzipReads >= 2 && !kept.brotliStarted && accepts(accepted, 'br')) {
        kept.brotliStarted = true;
        compress(kept.body.json, 'br', 'small').then(
          (smaller) => this.keep(kept, 'br', smaller),
          (error: unknown) => request.log.warn({ err: error }, 'kept reply: compression failed'),
        );
      }
      reply.header('content-encoding', 'gzip');
      return reply.send(gzipped);
    }
    const encoding = preferredEncoding(accepted);
    if (encoding === 'identity') return reply.send(kept.body.json);
    const bytes = kept.encoded[encoding];
    if (bytes) {
      reply.header('content-encoding', encoding);
      return reply.send(bytes);
    }
    // The first read after a change waits for the quick compression only (decision 0036); the
    // reads after it get the smaller bytes, made off the request's path.
    return compress(kept.body.json, encoding, 'quick').then((quick) => {
      this.keep(kept, encoding, quick);
      compress(kept.body.json, encoding, 'small').then(
        (smaller) => this.keep(kept, encoding, smaller),
        (error: unknown) => request.log.warn({ err: error }, 'kept reply: compression failed'),
      );
      reply.header('content-encoding', encoding);
      return reply.send(quick);
    });
  }

  /** The JSON kept under `key`, or built and kept as `send` would (decision 0040's pages). */
  async json(key: string, build: () => Promise<Buffer | BuiltReply>): Promise<Buffer> {
    return (this.find(key) ?? (await this.buildOnce(key, build))).body.json;
  }

  private keep(kept: Kept, encoding: Exclude<Encoding, 'identity'>, bytes: Buffer): void {
    kept.encoded[encoding] = bytes;
    // Set again so the cache counts the new bytes (and drops others if it must).
    if (this.bodies.has(kept.etag)) this.bodies.set(kept.etag, kept);
  }

  private buildOnce(key: string, build: () => Promise<Buffer | BuiltReply>): Promise<Kept> {
    let pending = this.building.get(key);
    if (!pending) {
      pending = (async () => {
        const made = await build();
        const built: BuiltReply = Buffer.isBuffer(made)
          ? { body: { json: made, length: made.length } }
          : made;
        const { body, gzip } = built;
        const etag =
          built.etag ?? `"${createHash('sha256').update(body.json).digest('base64url')}"`;
        // The same bytes under another key (or an earlier version): compressed already.
        let kept = this.bodies.get(etag);
        if (!kept) {
          kept = { body, etag, encoded: {}, gzipOfParts: gzip };
          this.bodies.set(etag, kept);
        } else if (!kept.encoded.gzip) kept.gzipOfParts ??= gzip;
        this.etags.set(key, etag);
        return kept;
      })().finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }
}

/**
 * Brotli 1 or gzip 1 while a reader waits (0.5 and 0.9 ms for the 490 kB of the largest
 * proposal, 14 and 8 % larger); then the quality reply-bytes.ts uses (4 and 3.6 ms).
 */
function compress(
  json: Buffer,
  encoding: Exclude<Encoding, 'identity'>,
  aim: 'quick' | 'small',
): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(json, { level: aim === 'quick' ? 1 : 6 });
  return brotli(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: aim === 'quick' ? 1 : 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
}

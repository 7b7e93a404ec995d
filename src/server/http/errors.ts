import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CONFLICT_MESSAGES,
  type ConflictWithOwnWords,
  type WordedConflict,
} from '../../shared/schemas/conflict-messages';
import { describeZodError, type ConflictCode, type PageFound } from '../../shared/schemas/errors';
import { redactUrl } from './log-redaction';

/** An error whose message is meant for the person using the app. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** What a 409 is about (CONFLICT_CODES), sent beside the message. */
    readonly code?: ConflictCode,
    /** What a failed product lookup did read (decision 0083), sent beside the message. */
    readonly found?: PageFound,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Please log in to continue.') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this.') =>
  new HttpError(403, message);
/**
 * The one answer for "this id does not exist, or you may not see it" (decision 0016): the same
 * message for both, so a 404 never tells whether something exists. A malformed id in a path is
 * answered with it by the route helper (http/route.ts). A few routes name what went away in their
 * own words ('This option is no longer …'), passing their message.
 */
export const NOT_FOUND = 'Not found';
export const COMPRESSED_BODY =
  'Send the request body uncompressed: Content-Encoding is not accepted.';
export const notFound = (message = NOT_FOUND) => new HttpError(404, message);
/** A 409 in its code's words (shared/schemas/conflict-messages.ts). */
export function conflict(code: WordedConflict): HttpError;
/** A 409 whose message names what changed. */
export function conflict(code: ConflictWithOwnWords, message: string): HttpError;
export function conflict(code: ConflictCode, message?: string): HttpError {
  return new HttpError(409, message ?? CONFLICT_MESSAGES[code as WordedConflict], code);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
  507: 'Insufficient Storage',
};

// Codes meaning the database cannot be reached right now (PostgreSQL restarting, pool broken,
// SQLite locked past the busy timeout; a pooled client whose connection broke mid-request is
// "not queryable"): the request may succeed in a moment.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
]);

export function isDatabaseUnavailable(err: unknown): boolean {
  if (!err || typeof err !== 'object') return false;
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true;
  // better-sqlite3 reports extended codes: SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_TIMEOUT, …
  if (typeof code === 'string' && /^SQLITE_(BUSY|LOCKED)_/.test(code)) return true;
  const message = (err as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /Connection terminated|terminating connection|not queryable|the database system is (starting|shutting) up|timeout exceeded when trying to connect/i.test(
      message,
    )
  );
}

export const OUT_OF_STORAGE = 'The server is out of storage space; nothing was saved.';

export const NUL_IN_TEXT = 'Text cannot contain the NUL character (U+0000).';
/**
 * PostgreSQL refuses U+0000 in text (22021) and in JSON (22P05). JSON bodies and multipart
 * fields are refused before (http/json-body.ts); this answers anything that still reaches the
 * database with it (a page read by the server, a future route) with the same 400, not a 500.
 */
const NUL_CODES = new Set(['22021', '22P05']);

// Codes meaning the disk (or the database's) is full: SQLite's SQLITE_FULL (also raised when the
// database reaches max_page_count), PostgreSQL's 53100 disk_full, the file system's ENOSPC and a
// user's disk quota EDQUOT. Nothing was written; writes succeed again once space is freed.
const OUT_OF_STORAGE_CODES = new Set(['SQLITE_FULL', '53100', 'ENOSPC', 'EDQUOT']);

/** The code of the storage-full error in `err` or its causes, if that is what it is. */
export function outOfStorageCode(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && OUT_OF_STORAGE_CODES.has(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A refused request (too large, not signed in, …) may be answered before its body has arrived.
 * Answering then closing while the client still sends makes it see a reset instead of the answer
 * (always so when it asked for `Connection: close`): so the rest of the body is read and discarded
 * first, up to a bound, and only a client past the bound is cut off (decision 0014).
 */
export const DISCARD_MAX_BYTES = 64 * 1024 * 1024;
export const DISCARD_MAX_MS = 30_000;

function discardRest(req: IncomingMessage): Promise<boolean> {
  if (req.complete || req.destroyed) return Promise.resolve(true);
  return new Promise((resolve) => {
    let seen = 0;
    const done = (drained: boolean) => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('close', onEnd);
      req.off('error', onEnd);
      resolve(drained);
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen > DISCARD_MAX_BYTES) done(false);
    };
    const onEnd = () => done(req.complete);
    const timer = setTimeout(() => done(false), DISCARD_MAX_MS);
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('close', onEnd);
    req.on('error', onEnd);
    req.resume();
  });
}

export function registerErrorHandling(
  app: FastifyInstance,
  onServerError: (err: Error, requestId: string, url: string) => Promise<void>,
): void {
  // A callback hook: a request whose body was read (every GET) goes on at once, without the
  // promise and microtask an async hook costs (decision 0048).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.raw.complete) return done(null, payload);
    discardRest(request.raw).then((discarded) => {
      if (!discarded) {
        // Past the bound: answer, then close the connection rather than read on.
        reply.header('connection', 'close');
        request.raw.pause();
      }
      done(null, payload);
    }, done);
  });

  app.setErrorHandler(async (err: FastifyError | Error, request, reply) => {
    let status = 500;
    let message = 'Something went wrong on our side. Please try again.';
    let storageCode: string | undefined;
    let code: ConflictCode | undefined;
    let found: PageFound | undefined;
    if (err instanceof HttpError) {
      status = err.statusCode;
      message = err.message;
      code = err.code;
      found = err.found;
    } else if (err instanceof z.ZodError) {
      status = 400;
      message = describeZodError(err);
    } else if ((storageCode = outOfStorageCode(err))) {
      // Not reported to the error store: that write would fail the same way (decision 0014).
      status = 507;
      message = OUT_OF_STORAGE;
      request.log.error({ err, cause: storageCode }, `out of storage space (${storageCode})`);
    } else if (NUL_CODES.has(String((err as { code?: unknown }).code))) {
      status = 400;
      message = NUL_IN_TEXT;
    } else if (isDatabaseUnavailable(err)) {
      status = 503;
      message = 'The service is briefly unavailable. Please try again in a moment.';
      request.log.warn({ err }, 'database unavailable');
    } else if ('statusCode' in err && typeof err.statusCode === 'number' && err.statusCode < 500) {
      // Fastify's own client errors: bad JSON, too large, wrong content type, rate limit.
      status = err.statusCode;
      message = err.statusCode === 413 ? 'The request is too large.' : err.message;
    }
    if (status >= 500 && status !== 503 && status !== 507) {
      request.log.error({ err }, 'request failed');
      await onServerError(err, request.id, redactUrl(request.url)).catch((reportErr: unknown) =>
        request.log.error({ err: reportErr }, 'could not store the error report'),
      );
    }
    return reply.status(status).send({
      statusCode: status,
      error: STATUS_TEXT[status] ?? 'Error',
      message,
      ...(code === undefined ? {} : { code }),
      ...(found === undefined ? {} : { found }),
      requestId: request.id,
    });
  });
}

import type { z } from 'zod';
import type { ApiError, PageFound } from '../../shared/schemas/errors';

/** A failed API call, with the server's readable message and request id. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly requestId?: string,
    /** What a 409 is about (shared/schemas/errors.ts CONFLICT_CODES). */
    readonly code?: string,
    /** What a failed product lookup read from the page (decision 0083). */
    readonly found?: PageFound,
  ) {
    super(message);
  }
}

/**
 * A reply not in the API's error shape: a proxy's or a gateway's page (502, 504), or a failure
 * before the app could answer. It has no words of the server's, so a screen says its own
 * (`errorText`'s fallback), and anywhere else the message says what to do.
 */
export class UnexpectedReply extends ApiRequestError {
  constructor(status: number) {
    super(
      status,
      status >= 500
        ? `Plansmith could not answer just now (error ${status}). Please try again in a moment.`
        : `This request was refused (error ${status}). Please reload the page and try again.`,
    );
  }
}

/**
 * A read that says the reader may no longer see it (401, 403, 404): a page goes to /private/
 * rather than show what it kept from before (a proposal deleted or handed on since).
 */
export function accessLost(error: Error | null): boolean {
  return error instanceof ApiRequestError && [401, 403, 404].includes(error.status);
}

interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The reply's shared schema; the reply is parsed with it. */
  schema?: S;
  signal?: AbortSignal;
  /**
   * A save the server recognises when retried (decision 0015): it carries an Idempotency-Key,
   * fresh for each new action and the same when the identical request is sent again after it
   * failed without a final answer (no connection, or a 5xx), so a save that committed but whose
   * answer was lost is answered instead of done twice or refused as a conflict.
   */
  idempotent?: boolean;
}

/**
 * The API's error shape (shared/schemas/errors.ts apiErrorSchema), checked by hand: the schema
 * would bring zod into every page's first load (decision 0033).
 */
function isApiError(data: unknown): data is ApiError {
  if (typeof data !== 'object' || data === null) return false;
  const { statusCode, error, message, requestId, code } = data as Record<string, unknown>;
  return (
    typeof statusCode === 'number' &&
    typeof error === 'string' &&
    typeof message === 'string' &&
    (requestId === undefined || typeof requestId === 'string') &&
    (code === undefined || typeof code === 'string')
  );
}

/** The reply's `found`, when it is one: a malformed one is left out rather than failing the reply. */
function pageFound(data: ApiError): PageFound | undefined {
  const { found } = data as { found?: unknown };
  if (typeof found !== 'object' || found === null) return undefined;
  const { title } = found as Record<string, unknown>;
  return typeof title === 'string' ? { title } : undefined;
}

const DAY_MS = 24 * 60 * 60_000;
const MAX_PENDING_KEYS = 50;
/** Keys of saves sent without a final answer, by request (method, path and body). */
const pendingKeys = new Map<string, { key: string; at: number }>();

/**
 * A random v4 UUID. `crypto.randomUUID` exists only in a secure context, so on plain HTTP (a LAN
 * address) it is built from `getRandomValues`, which every context has: without it such a save
 * would carry no key and a retried sign would be refused as 'Already signed.'.
 */
function randomUuid(): string | undefined {
  if (typeof crypto === 'undefined') return undefined;
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  if (typeof crypto.getRandomValues !== 'function') return undefined;
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function idempotencyKeyFor(request: string): string | undefined {
  const now = Date.now();
  const pending = pendingKeys.get(request);
  if (pending && now - pending.at < DAY_MS) return pending.key;
  const key = randomUuid();
  if (key === undefined) return undefined;
  pendingKeys.delete(request);
  pendingKeys.set(request, { key, at: now });
  // Oldest first: an abandoned failed save does not keep its key for ever.
  while (pendingKeys.size > MAX_PENDING_KEYS) {
    const oldest = pendingKeys.keys().next().value;
    if (oldest === undefined) break;
    pendingKeys.delete(oldest);
  }
  return key;
}

/** A request that got no answer: no connection, or the server could not be reached. */
export const UNREACHABLE = 'We could not reach Plansmith. Check your connection and try again.';

/**
 * What a reply with this status and body gives the app: its JSON (or its text), or, for a status
 * that is not 2xx, an ApiRequestError with the server's message.
 */
export function replyData(status: number, text: string): unknown {
  if (status === 0) throw new ApiRequestError(0, UNREACHABLE);
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (status < 200 || status > 299) {
    if (isApiError(data)) {
      throw new ApiRequestError(status, data.message, data.requestId, data.code, pageFound(data));
    }
    throw new UnexpectedReply(status);
  }
  return data;
}

export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  const method = opts.method ?? (opts.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = {};
  if (opts.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  const request = opts.idempotent ? `${method} ${path} ${JSON.stringify(opts.body)}` : undefined;
  const key = request === undefined ? undefined : idempotencyKeyFor(request);
  if (key) headers['idempotency-key'] = key;
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: Object.keys(headers).length > 0 ? headers : undefined,
      body:
        opts.body === undefined
          ? undefined
          : isForm
            ? (opts.body as FormData)
            : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiRequestError(0, UNREACHABLE);
  }
  // A final answer (success or refusal) ends the action: the next identical save is a new one.
  if (request !== undefined && res.status < 500) pendingKeys.delete(request);
  const data = replyData(res.status, await res.text());
  return (opts.schema ? opts.schema.parse(data) : data) as S extends z.ZodType
    ? z.output<S>
    : unknown;
}

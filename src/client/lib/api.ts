import type { z } from 'zod';
import { apiErrorSchema } from '../../shared/schemas/errors';

/** A failed API call, with the server's readable message and request id. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly requestId?: string,
  ) {
    super(message);
  }
}

interface RequestOptions<S extends z.ZodType | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The reply's shared schema; the reply is parsed with it. */
  schema?: S;
  signal?: AbortSignal;
}

export async function api<S extends z.ZodType | undefined = undefined>(
  path: string,
  opts: RequestOptions<S> = {},
): Promise<S extends z.ZodType ? z.output<S> : unknown> {
  const isForm = typeof FormData !== 'undefined' && opts.body instanceof FormData;
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers:
        opts.body === undefined || isForm ? undefined : { 'content-type': 'application/json' },
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
    throw new ApiRequestError(
      0,
      'We could not reach Plansmith. Check your connection and try again.',
    );
  }
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const parsed = apiErrorSchema.safeParse(data);
    throw new ApiRequestError(
      res.status,
      parsed.success ? parsed.data.message : `Request failed (${res.status}).`,
      parsed.success ? parsed.data.requestId : undefined,
    );
  }
  return (opts.schema ? opts.schema.parse(data) : data) as S extends z.ZodType
    ? z.output<S>
    : unknown;
}

import { badRequest, HttpError } from './errors';

export const FORM_UNREADABLE = 'The form could not be read.';

/**
 * An error met while reading a multipart body, as the route should answer it: our own refusals
 * and @fastify/multipart's limits (they carry a status) as they are; anything else is busboy
 * finding the body malformed (it ends early, a part header is broken), which is the client's
 * fault, 400, not a 500 (found by the fuzz tier, decision 0017).
 */
export function multipartError(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const status = (err as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number') return err;
  return badRequest(FORM_UNREADABLE);
}

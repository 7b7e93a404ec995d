import { ApiRequestError, UnexpectedReply } from './api';

interface ErrorTextOptions {
  /**
   * 'hide': a server fault (5xx) shows `fallback` rather than the server's words, for screens
   * where the person can only try again. A refusal (4xx) and a lost connection keep their message.
   */
  serverFaults?: 'show' | 'hide';
}

/** For screens whose texts are the product's own (the dashboard's): a 5xx shows the fallback. */
export const HIDE_FAULTS: ErrorTextOptions = { serverFaults: 'hide' };

/**
 * A failure's `reason` said where what failed is not in sight: led by `what` ('Your comment could
 * not be posted.') unless the reason already begins with it (the fallback does).
 */
export const namedFailure = (what: string, reason: string): string =>
  reason.startsWith(what) ? reason : `${what} ${reason}`;

/**
 * The server's readable message for a failed call, or `fallback` for anything else (a reply not
 * in the API's shape included: the screen's own words say what failed).
 */
export function errorText(
  error: unknown,
  fallback: string,
  { serverFaults = 'show' }: ErrorTextOptions = {},
): string {
  if (!(error instanceof ApiRequestError) || error instanceof UnexpectedReply) return fallback;
  if (!error.message.trim()) return fallback;
  if (serverFaults === 'hide' && error.status >= 500) return fallback;
  return error.message;
}

import { REPORT_LIMITS } from '../../../shared/schemas/report-limits';

/** Where an error was caught; it becomes a prefix of the stored message. */
export type ErrorKind = 'route' | 'window' | 'unhandledrejection' | 'not-found';

export interface ErrorInfo {
  kind?: ErrorKind;
  /** React's component stack, when React gave us one. */
  componentStack?: string;
}

const KIND_PREFIX: Record<ErrorKind, string> = {
  route: '',
  window: '',
  unhandledrejection: 'Unhandled rejection: ',
  'not-found': '',
};

const clip = (value: string, max: number) => (value.length > max ? value.slice(0, max) : value);

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    // Circular structures and BigInts: the plain string form is the best we can do.
    return String(value);
  }
}

/** React Router's ErrorResponse (a thrown Response from a loader), recognised by its shape. */
function isErrorResponseLike(
  value: unknown,
): value is { status: number; statusText: string; data: unknown } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { status?: unknown }).status === 'number' &&
    typeof (value as { statusText?: unknown }).statusText === 'string'
  );
}

/**
 * Turns anything that was thrown into the message and stack we store. Anything may be thrown in
 * JavaScript (strings, objects, responses), and the report must never fail because of its shape.
 */
export function describeError(
  error: unknown,
  info: ErrorInfo = {},
): { message: string; stack: string } {
  let message: string;
  let stack = '';
  if (error instanceof Error) {
    message = error.message ? `${error.name}: ${error.message}` : error.name;
    stack = error.stack ?? '';
  } else if (isErrorResponseLike(error)) {
    message = `${error.status} ${error.statusText}`.trim();
    stack = error.data === undefined ? '' : safeJson(error.data);
  } else if (typeof error === 'string') {
    message = error;
  } else {
    message = safeJson(error);
  }
  if (info.componentStack) {
    stack = `${stack}\n\nComponent stack:${info.componentStack}`.trim();
  }
  const prefix = info.kind ? KIND_PREFIX[info.kind] : '';
  return {
    message: clip(prefix + (message || 'Unknown error'), REPORT_LIMITS.message),
    stack: clip(stack, REPORT_LIMITS.stack),
  };
}

/**
 * The page address as it may be stored: sign-in links carry a one-time token in the path, and a
 * token must not sit in the error table or the support inbox.
 */
export function redactUrl(url: string): string {
  const redacted = url.replace(/(\/signin\/)[^/?#]+/i, '$1[redacted]');
  return clip(redacted, REPORT_LIMITS.url);
}

import type { FastifyRequest } from 'fastify';

/**
 * The token in /signin/{token}/ is a password for an hour: it never reaches a log line or a
 * stored error report. Any case: the page answers /SignIn/{token}/ too (paths.ts).
 */
export function redactUrl(url: string): string {
  return url.replace(/\/signin\/[^/?#]+/gi, '/signin/[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

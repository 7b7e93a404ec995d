import type { FastifyRequest } from 'fastify';

/** The token in /signin/{token}/ is a password for an hour: it never reaches a log line. */
export function redactUrl(url: string): string {
  return url.replace(/\/signin\/[^/?#]+/g, '/signin/[redacted]');
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

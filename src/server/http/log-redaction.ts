import type { FastifyRequest } from 'fastify';

/**
 * The token in /signin/{token}/ is a password for an hour, and the one in /comment-emails/{token}/
 * (and its /api/ form) a lasting key to a person's comment e-mails (decision 0097): neither
 * reaches a log line or a stored error report. Any case: the page answers /SignIn/{token}/ too.
 */
export function redactUrl(url: string): string {
  return url.replace(
    /\/(signin|comment-emails)\/[^/?#]+/gi,
    (_, page: string) => `/${page.toLowerCase()}/[redacted]`,
  );
}

export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
});

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors';

/*
 * Cross-site request forgery: a page on another site can make the browser send a form, a
 * multipart upload or a body-less POST here with the visitor's cookies. Every state-changing
 * request is therefore checked where the browser says where it comes from:
 * - `Origin` present: it must be APP_URL's origin (a sandboxed page's `null` is foreign too);
 * - no `Origin`: `Sec-Fetch-Site` may not say cross-site or same-site (a sibling host);
 * - neither header: not a browser (curl, the CLI, a server), which carries no one's cookies by
 *   accident, so it passes.
 * Checked in onRequest, before any body (a multipart upload) is read.
 *
 * One route is let through from anywhere, named here: RFC 8058's one-click unsubscribe
 * (selections/comment-emails-routes.ts), which mail providers post from their own servers or
 * pages. It reads no session and can do one thing, turn off the comment e-mails of the person
 * and proposal its signed link names, so a forged request can do nothing the link's holder could
 * not do anyway.
 */

export const CROSS_SITE_REFUSED = 'This request came from another site and was refused.';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `METHOD route-pattern` of the routes any site may post to (see above). */
export const CROSS_SITE_ALLOWED: ReadonlySet<string> = new Set(['POST /comment-emails/:token']);

export function isForeignRequest(
  request: Pick<FastifyRequest, 'method' | 'headers'> & {
    routeOptions?: Pick<FastifyRequest['routeOptions'], 'url'>;
  },
  appOrigin: string,
): boolean {
  if (!STATE_CHANGING.has(request.method)) return false;
  if (CROSS_SITE_ALLOWED.has(`${request.method} ${request.routeOptions?.url ?? ''}`)) return false;
  const origin = request.headers.origin;
  if (origin !== undefined) return origin !== appOrigin;
  const site = request.headers['sec-fetch-site'];
  return site === 'cross-site' || site === 'same-site';
}

export function registerSameOriginCheck(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', (request, _reply, done) => {
    done(isForeignRequest(request, appOrigin) ? new HttpError(403, CROSS_SITE_REFUSED) : undefined);
  });
}

import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { reports } from '../../shared/api/reports';
import { personOrClient } from '../http/general-rate-limit';
import { route } from '../http/route';
import { storeClientError, storeFeedback } from './service';

/**
 * The signed-in user's id, if the session plugin put a user on the request. Read loosely on
 * purpose: reports must work whether or not a session exists, and this feature does not own the
 * request's `user` type.
 */
function signedInUserId(request: FastifyRequest): string | null {
  const user: unknown = (request as unknown as { user?: unknown }).user;
  if (user && typeof user === 'object' && 'id' in user && typeof user.id === 'string') {
    return user.id;
  }
  return null;
}

/**
 * Each message lands in the support inbox: a few per person per ten minutes is plenty. Per
 * person when signed in, as the error reports; `key` keeps each form's count apart.
 */
function inboxLimit(key: string) {
  return {
    config: { rateLimit: { max: 5, timeWindow: 10 * 60_000, keyGenerator: personOrClient(key) } },
  };
}

/** Registered at prefix /api/reports. */
export const reportRoutes: FastifyPluginCallback = (app, _opts, done) => {
  // A page stuck in an error loop must not flood the table; 30 a minute is far above a real visit.
  // Counted per person when signed in, whatever the address: the hourly bound of all reports
  // together spares the signed-in (decision 0081), so this is their only one.
  route(
    app,
    reports.error,
    {
      config: {
        rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: personOrClient('report') },
      },
    },
    async (request) => {
      const body = request.body;
      const eventId = await storeClientError(app.ctx, {
        message: body.message,
        stack: body.stack,
        url: body.url,
        userAgent: request.headers['user-agent'] ?? '',
        userId: signedInUserId(request),
        requestId: request.id,
      });
      return { eventId };
    },
  );

  route(app, reports.feedback, inboxLimit('feedback'), async (request) => {
    const body = request.body;
    await storeFeedback(app.ctx, {
      email: body.email,
      message: body.message,
      eventId: body.eventId,
      url: body.url,
      userId: signedInUserId(request),
    });
    return { ok: true as const };
  });
  // The help panel's contact form: the same path as feedback, answered by replying to the sender.
  route(app, reports.help, inboxLimit('help'), async (request) => {
    const body = request.body;
    await storeFeedback(app.ctx, {
      email: body.email,
      message: body.message,
      eventId: undefined,
      url: body.url,
      userId: signedInUserId(request),
      source: 'help',
    });
    return { ok: true as const };
  });
  done();
};

import type { FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SESSION_TTL_MS } from '../../shared/constants';
import type { Db } from '../db/database';
import type { UserRow } from '../db/schema';
import { extendSession, findSessionUser, type SessionFound } from './repository';
import { soleCookie } from '../http/cookies';
import { sessionCookie, setSessionCookie } from './sessions';
import { hashSecret } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for API and dev routes and the proposal pages only. */
    user: UserRow | null;
    sessionHash: string | undefined;
  }
  interface FastifyContextConfig {
    /**
     * A route's own session lookup, answering what findSessionUser answers and reading what the
     * route needs in the same statement, so a signed-in request costs one round trip fewer
     * (decision 0042).
     */
    sessionLookup?: SessionLookup;
  }
}

export type SessionLookup = (
  db: Db,
  idHash: string,
  now: number,
  request: FastifyRequest,
) => SessionFound | undefined | Promise<SessionFound | undefined>;

const DAY = 24 * 60 * 60 * 1000;

/** Resolves the session cookie to a user. Sessions live in the database, so any instance can serve any request. */
export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', undefined);
  const signIn = (
    request: FastifyRequest,
    reply: FastifyReply,
    secret: string,
    idHash: string,
    t: number,
    found: SessionFound | undefined,
    done: (err?: Error) => void,
  ) => {
    if (!found) return done();
    request.user = found.user;
    request.sessionHash = idHash;
    // Sliding expiry, written at most daily so reads do not each cost a write. The cookie's
    // Max-Age moves on with the row (decision 0003), only then, so other answers set no cookie.
    if (t - found.seenAt <= DAY) return done();
    extendSession(app.ctx.db, idHash, t, t + SESSION_TTL_MS).then(() => {
      setSessionCookie(app.ctx, reply, secret);
      done();
    }, done);
  };
  // A callback hook: most requests (built files, no cookie) return at once, without a promise,
  // and a lookup answered at once (SQLite outside a transaction) goes on in the same turn.
  app.addHook('onRequest', (request, reply, done) => {
    // The proposal pages are rendered for their reader (decisions 0040, 0066 and 0067).
    const url = request.url;
    if (!url.startsWith('/api/') && !url.startsWith('/dev/') && !url.startsWith('/proposal/'))
      return done();
    const secret = soleCookie(request, sessionCookie(app.ctx.config).name);
    if (!secret || secret.length > 100) return done();
    const { db, now } = app.ctx;
    let idHash: string;
    let t: number;
    let found: ReturnType<SessionLookup>;
    try {
      idHash = hashSecret(secret);
      t = now();
      const { sessionLookup } = request.routeOptions.config;
      found = sessionLookup
        ? sessionLookup(db, idHash, t, request)
        : findSessionUser(db, idHash, t);
    } catch (err) {
      return done(err as Error);
    }
    if (found instanceof Promise)
      found.then((f) => signIn(request, reply, secret, idHash, t, f, done), done);
    else signIn(request, reply, secret, idHash, t, found, done);
  });
});

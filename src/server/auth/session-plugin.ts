import fp from 'fastify-plugin';
import { SESSION_TTL_MS } from '../../shared/constants';
import type { UserRow } from '../db/schema';
import { SESSION_COOKIE } from './sessions';
import { hashSecret } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null. Set for API and dev routes only. */
    user: UserRow | null;
    sessionHash: string | undefined;
  }
}

const DAY = 24 * 60 * 60 * 1000;

/** Resolves the session cookie to a user. Sessions live in the database, so any instance can serve any request. */
export const sessionPlugin = fp(async (app) => {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionHash', undefined);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') && !request.url.startsWith('/dev/')) return;
    const secret = request.cookies[SESSION_COOKIE];
    if (!secret || secret.length > 100) return;
    const { db, now } = app.ctx;
    const idHash = hashSecret(secret);
    const t = now();
    const row = await db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .selectAll('users')
      .select(['sessions.last_seen_at as session_seen_at'])
      .where('sessions.id_hash', '=', idHash)
      .where('sessions.expires_at', '>', t)
      .executeTakeFirst();
    if (!row) return;
    const { session_seen_at: seenAt, ...user } = row;
    request.user = user;
    request.sessionHash = idHash;
    // Sliding expiry, written at most daily so reads do not each cost a write.
    if (t - seenAt > DAY) {
      await db
        .updateTable('sessions')
        .set({ last_seen_at: t, expires_at: t + SESSION_TTL_MS })
        .where('id_hash', '=', idHash)
        .execute();
    }
  });
});

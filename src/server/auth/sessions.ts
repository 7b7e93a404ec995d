import type { FastifyReply } from 'fastify';
import { SESSION_TTL_MS } from '../../shared/constants';
import type { Config } from '../config/config';
import type { AppContext } from '../context';
import { cookiePlace } from '../http/cookies';
import { uploadCookie } from '../proposals/upload-token';
import { printCookie } from '../signing/print-access';
import type { Db } from '../db/database';
import { deleteSession, deleteSessionsOf, expireUnusedLinksOf, insertSession } from './repository';
import { hashSecret, newSecret } from './tokens';

/** The session cookie's name on plain http; `__Host-plansmith_session` over https. */
export const SESSION_COOKIE = 'plansmith_session';

export const sessionCookie = (config: Pick<Config, 'secureCookies'>) =>
  cookiePlace(config, SESSION_COOKIE);

function cookieOptions(ctx: AppContext) {
  const { path, secure } = sessionCookie(ctx.config);
  return { path, httpOnly: true, sameSite: 'lax' as const, secure };
}

/** A new random session id at every sign-in, so a fixed or stolen pre-login id is worthless. */
export async function startSession(ctx: AppContext, reply: FastifyReply, userId: string) {
  const secret = newSecret();
  const now = ctx.now();
  await insertSession(ctx.db, {
    id_hash: hashSecret(secret),
    user_id: userId,
    created_at: now,
    expires_at: now + SESSION_TTL_MS,
    last_seen_at: now,
  });
  setSessionCookie(ctx, reply, secret);
}

/**
 * The session cookie, kept as long as its row: at sign-in, and again whenever the row's sliding
 * expiry moves on, or the browser would drop a session still valid 30 days after sign-in.
 */
export function setSessionCookie(ctx: AppContext, reply: FastifyReply, secret: string) {
  const { name } = sessionCookie(ctx.config);
  reply.setCookie(name, secret, { ...cookieOptions(ctx), maxAge: SESSION_TTL_MS / 1000 });
}

/**
 * Ends the browser's session (log-out, or a sign-in that replaces it); the number of sessions
 * ended, 0 when there was none. A print cookie goes with it: it reads the proposal as its holder
 * for ten minutes, and the next person at this browser is not its holder. A log-out also drops the
 * logged-out upload cookie, which reads the uploads made with it (review 23). A sign-in keeps it:
 * a draft begun logged out still names those uploads when it is created signed in.
 */
export async function endSession(
  ctx: AppContext,
  reply: FastifyReply,
  idHash: string | undefined,
  why: 'logout' | 'signin',
): Promise<number> {
  const ended = idHash ? await deleteSession(ctx.db, idHash) : 0;
  clearCookies(ctx, reply, why);
  return ended;
}

/**
 * 'Log out of all devices': every session of the user ends, this browser's with the others
 * (a forwarded e-mail's link, a shared or lost device), and so do their links not yet opened
 * (decision 0089). The number of sessions ended.
 */
export async function endEverySession(
  ctx: AppContext,
  reply: FastifyReply,
  userId: string,
): Promise<number> {
  const { sessions } = await endSessionsAndLinksOf(ctx.db, userId, ctx.now());
  clearCookies(ctx, reply, 'logout');
  return sessions;
}

/**
 * Deletes every session of a user and ends their sign-in links not yet opened (a forwarded
 * e-mail's among them), which would otherwise make a new session; at once, in one transaction.
 * For the log-out everywhere and support's `end-sessions` (decision 0089).
 */
export function endSessionsAndLinksOf(
  db: Db,
  userId: string,
  now: number,
): Promise<{ sessions: number; links: number }> {
  return db.transaction().execute(async (trx) => ({
    sessions: await deleteSessionsOf(trx, userId),
    links: await expireUnusedLinksOf(trx, userId, now),
  }));
}

function clearCookies(ctx: AppContext, reply: FastifyReply, why: 'logout' | 'signin') {
  // A `__Host-` cookie is only replaced by one set as it was (Secure, Path=/), cleared ones too.
  reply.clearCookie(sessionCookie(ctx.config).name, cookieOptions(ctx));
  const print = printCookie(ctx.config);
  reply.clearCookie(print.name, { path: print.path, secure: print.secure });
  if (why === 'logout') {
    const uploads = uploadCookie(ctx.config);
    reply.clearCookie(uploads.name, { path: uploads.path, secure: uploads.secure });
  }
}

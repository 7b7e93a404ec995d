import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import type { PrintAccessReply } from '../../shared/schemas/signing';
import type { Config } from '../config/config';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { cookiePlace, soleCookie } from '../http/cookies';
import { notFound, unauthorized } from '../http/errors';
import { memberAccessNow, requireReader } from '../proposals/access';

/*
 * docs/product/signing.md /print/{id}: "rendered only when a specific access cookie holds the expected value".
 * The owner or a member asks for print access; the answer sets `plansmith_print`, an httpOnly
 * cookie holding `{proposalId}.{userId}.{expiry}.{HMAC}` for ten minutes, and GET /api/proposal/{id}
 * accepts it as read access to that proposal only (for a print renderer without the session),
 * while the person it was granted to may still read the proposal: removed from it, or the
 * proposal deleted, the cookie opens nothing (decision 0006).
 * The HMAC key is derived from the app's secret (config/app-secret.ts), as the mail key is: every
 * instance sharing APP_SECRET shares it, and a copy of the database alone forges no cookie.
 */

export const PRINT_COOKIE = 'plansmith_print';
/** `__Host-plansmith_print` over https (decision 0089). */
export const printCookie = (config: Pick<Config, 'secureCookies'>) =>
  cookiePlace(config, PRINT_COOKIE);
export const PRINT_ACCESS_TTL_MS = 10 * 60 * 1000;

const keys = new WeakMap<AppContext, Buffer>();

/** The print cookie's HMAC key for this app's secret (one per secret, never stored). */
export function printCookieKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'plansmith', 'print cookie v1', 32));
}

/** The key this app signs and checks print cookies with; set once at start (app.ts). */
export function keepPrintKey(ctx: AppContext, key: Buffer): void {
  keys.set(ctx, key);
}

function mac(key: Buffer, proposalId: string, userId: string, expires: number): Buffer {
  return createHmac('sha256', key).update(`print:${proposalId}.${userId}.${expires}`).digest();
}

/** The cookie value granting `userId` print access to one proposal until `expires`. */
export function printCookieValue(
  ctx: AppContext,
  proposalId: string,
  userId: string,
  expires: number,
): string {
  const key = keys.get(ctx);
  if (!key) throw new Error('print access key not loaded');
  const signature = mac(key, proposalId, userId, expires).toString('base64url');
  return `${proposalId}.${userId}.${expires}.${signature}`;
}

/**
 * Whom the request's print cookie was granted to, when it is an unexpired one made by this
 * server for this proposal; null otherwise.
 */
export function printCookieHolder(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'cookies'> & Partial<Pick<FastifyRequest, 'headers'>>,
  proposalId: string,
): string | null {
  const key = keys.get(ctx);
  const value = soleCookie(request, printCookie(ctx.config).name);
  if (!key || !value || value.length > 200) return null;
  const match = /^([0-9a-f-]{36})\.([0-9a-f-]{36})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/.exec(value);
  if (!match) return null;
  const [, id = '', userId = '', exp = '', signature = ''] = match;
  const expires = Number(exp);
  if (id !== proposalId || expires <= ctx.now()) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, id, userId, expires);
  return given.length === expected.length && timingSafeEqual(given, expected) ? userId : null;
}

/**
 * Whether the request reads the proposal through its print cookie: a valid one, granted to
 * someone who may still read it. A query only when such a cookie is there.
 */
export async function printAccessOf(
  ctx: AppContext,
  request: Pick<FastifyRequest, 'cookies'> & Partial<Pick<FastifyRequest, 'headers'>>,
  proposalId: string,
): Promise<boolean> {
  const holder = printCookieHolder(ctx, request, proposalId);
  return holder !== null && (await memberAccessNow(ctx.db, proposalId, holder)) !== null;
}

/**
 * POST /api/proposal/:id/print-access: for the owner and members (the PDF button of docs/product/signing.md); a
 * public-only reader gets 404 like any non-member, logged out 401.
 */
export async function grantPrintAccess(
  ctx: AppContext,
  caller: UserRow | null,
  proposalId: string,
  reply: FastifyReply,
): Promise<PrintAccessReply> {
  if (!caller) throw unauthorized();
  const { access } = await requireReader(ctx, caller, proposalId);
  if (access.role === 'public') throw notFound();
  const expires = ctx.now() + PRINT_ACCESS_TTL_MS;
  const { name, path, secure } = printCookie(ctx.config);
  reply.setCookie(name, printCookieValue(ctx, proposalId, caller.id, expires), {
    path,
    httpOnly: true,
    sameSite: 'strict',
    secure,
    maxAge: PRINT_ACCESS_TTL_MS / 1000,
  });
  return { url: paths.print(proposalId) };
}

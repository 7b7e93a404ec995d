import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import type { AppContext } from '../context';
import { cookiePlace, soleCookie } from '../http/cookies';
import { hashSecret, newSecret } from '../auth/tokens';

/*
 * The create wizard works logged out, uploads included. A logged-out upload is tied to the
 * browser by a random secret in an httpOnly cookie (only its hash is stored with the file), so
 * only that browser can preview the file or use it in the proposal it creates.
 */
export const UPLOAD_COOKIE = 'plansmith_uploads';
const UPLOAD_TTL_S = 7 * 24 * 60 * 60;

/**
 * On plain http sent only to the API, which alone reads it; over https `__Host-` prefixed, which
 * needs Path=/ (decision 0089). A log-out clears it at the same place.
 */
export const uploadCookie = (config: Pick<Config, 'secureCookies'>) =>
  cookiePlace(config, UPLOAD_COOKIE, '/api/');

function cookieSecret(request: FastifyRequest): string | undefined {
  const secret = soleCookie(request, uploadCookie(request.server.ctx.config).name);
  return secret && /^[A-Za-z0-9_-]{43}$/.test(secret) ? secret : undefined;
}

/** The hash of this browser's upload secret, if it has one. */
export function uploadTokenHash(request: FastifyRequest): string | null {
  const secret = cookieSecret(request);
  return secret ? hashSecret(secret) : null;
}

/** This browser's upload secret hash, making and setting the secret on first use. */
export function ensureUploadToken(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): string {
  const secret = cookieSecret(request) ?? newSecret();
  const { name, path, secure } = uploadCookie(ctx.config);
  reply.setCookie(name, secret, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: UPLOAD_TTL_S,
  });
  return hashSecret(secret);
}

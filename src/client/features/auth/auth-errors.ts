import { ApiRequestError } from '../../lib/api';
import type { AuthMode } from './auth-form';

export const GENERIC_AUTH_ERROR = 'Something went wrong on our side. Please try again in a moment.';
/** docs/product/auth.md: a sign-in 404 is stored as the auth error 'Not found'. */
export const SIGNIN_NOT_FOUND = 'Not found';

/**
 * The text shown above the forms for a failed sign-in or sign-up (docs/product/auth.md). The server's own
 * messages ('User with this email was not found', 'Email is already associated with another
 * account', the 429s: 'use the newest link in your inbox, or wait' for an address that has been
 * sent several, else 'please wait') are shown as they are (decision 0082).
 */
export function authErrorText(mode: AuthMode, error: unknown): string | null {
  if (error === null || error === undefined) return null;
  if (!(error instanceof ApiRequestError)) return GENERIC_AUTH_ERROR;
  if (mode === 'signin' && error.status === 404) return SIGNIN_NOT_FOUND;
  if (error.status >= 500) return GENERIC_AUTH_ERROR;
  return error.message.trim() || GENERIC_AUTH_ERROR;
}

/** docs/product/auth.md: when a sign-up 400 carries the bare message '400', a sign-in is tried instead. */
export function shouldFallBackToSignin(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 400 && error.message === '400';
}

/** docs/product/auth.md /signin/{token}: a 403 means an old or used link. */
export type VerifyFailure = 'old-link' | 'other';

export function verifyFailureKind(error: unknown): VerifyFailure {
  return error instanceof ApiRequestError && error.status === 403 ? 'old-link' : 'other';
}

export function verifyErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status > 0 && error.status < 500) {
    return error.message.trim() || GENERIC_AUTH_ERROR;
  }
  if (error instanceof ApiRequestError && error.status === 0) return error.message;
  return GENERIC_AUTH_ERROR;
}

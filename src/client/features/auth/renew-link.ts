import { useMutation } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { call } from '../../lib/call';
import { auth } from '../../../shared/api/client-routes';

/*
 * 'Request a new link to login' on the old-link page (docs/product/auth.md): POST /api/authorization/renew with the
 * token of the link that no longer works; for a proposal link the server e-mails a fresh one to
 * the address it was sent to.
 */

export const RENEW_SENT = "We've e-mailed you a new link. Open it to log in.";
/**
 * Nothing was sent (an ordinary sign-in link, an unknown one, a proposal no longer shared, or a
 * sign-up link more than a day past its hour, which made no account: decision 0078).
 */
export const RENEW_NOT_SENT =
  "This link can't be renewed, so no email was sent. If you already have an account, log in with your email address to get a new link. If you were signing up, please sign up again.";
export const RENEW_FAILED =
  'We could not send a new link. Please log in with your e-mail address instead.';

export function useRenewLink() {
  return useMutation({
    mutationFn: (token: string) => call(auth.renew, { body: { token } }),
  });
}

/** The server's own words for a refusal it explains (4xx), else a generic text. */
export function renewErrorText(error: unknown): string {
  if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
    return error.message.trim() || RENEW_FAILED;
  }
  return RENEW_FAILED;
}

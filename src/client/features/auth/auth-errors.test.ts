import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import {
  authErrorText,
  GENERIC_AUTH_ERROR,
  shouldFallBackToSignin,
  verifyErrorText,
  verifyFailureKind,
} from './auth-errors';

describe('authErrorText (§8)', () => {
  it('is empty without an error', () => {
    expect(authErrorText('signin', null)).toBeNull();
  });
  it('shows the server messages as they are', () => {
    const notFound = new ApiRequestError(401, 'User with this email was not found');
    expect(authErrorText('signin', notFound)).toBe('User with this email was not found');
    const taken = new ApiRequestError(400, 'Email is already associated with another account');
    expect(authErrorText('signup', taken)).toBe('Email is already associated with another account');
    const sent = new ApiRequestError(
      429,
      'We have already sent several login links to this address in the last hour. Use the newest one in your inbox, or wait 12 minutes to ask for another.',
    );
    expect(authErrorText('signin', sent)).toBe(sent.message);
    const wait = new ApiRequestError(
      429,
      'Too many login emails were requested. Please wait 1 minute before trying again.',
    );
    expect(authErrorText('signup', wait)).toBe(wait.message);
  });
  it("turns a sign-in 404 into 'Not found'", () => {
    expect(authErrorText('signin', new ApiRequestError(404, 'Route not found'))).toBe('Not found');
  });
  it('is generic for server failures and unknown errors', () => {
    expect(authErrorText('signup', new ApiRequestError(500, 'boom'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorText('signin', new Error('x'))).toBe(GENERIC_AUTH_ERROR);
  });
});

describe('shouldFallBackToSignin', () => {
  it("is true only for a 400 whose message is '400'", () => {
    expect(shouldFallBackToSignin(new ApiRequestError(400, '400'))).toBe(true);
    expect(shouldFallBackToSignin(new ApiRequestError(400, 'Email is already'))).toBe(false);
    expect(shouldFallBackToSignin(new Error('400'))).toBe(false);
  });
});

describe('verify failures', () => {
  it('treats 403 as an old link', () => {
    expect(verifyFailureKind(new ApiRequestError(403, 'expired'))).toBe('old-link');
    expect(verifyFailureKind(new ApiRequestError(400, 'This login link is not valid.'))).toBe(
      'other',
    );
  });
  it('gives a readable message', () => {
    expect(verifyErrorText(new ApiRequestError(400, 'This login link is not valid.'))).toBe(
      'This login link is not valid.',
    );
    expect(verifyErrorText(new ApiRequestError(502, 'Bad Gateway'))).toBe(GENERIC_AUTH_ERROR);
  });
});

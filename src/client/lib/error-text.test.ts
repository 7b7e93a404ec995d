import { describe, expect, it } from 'vitest';
import { ApiRequestError, UnexpectedReply } from './api';
import { errorText, namedFailure } from './error-text';

describe('errorText', () => {
  it("shows the server's message", () => {
    expect(errorText(new ApiRequestError(404, 'Proposal not found.'), 'fallback')).toBe(
      'Proposal not found.',
    );
  });

  it('falls back for anything else', () => {
    expect(errorText(new Error('boom'), 'fallback')).toBe('fallback');
    expect(errorText(new ApiRequestError(500, ' '), 'fallback')).toBe('fallback');
    expect(errorText(null, 'fallback')).toBe('fallback');
    // A gateway's page in place of the API's answer: the screen says what failed.
    expect(errorText(new UnexpectedReply(504), 'fallback')).toBe('fallback');
  });
});

describe('errorText with server faults hidden', () => {
  it('keeps a refusal and a lost connection, and replaces a server fault', () => {
    const hide = { serverFaults: 'hide' } as const;
    expect(errorText(new ApiRequestError(409, 'Already signed.'), 'fallback', hide)).toBe(
      'Already signed.',
    );
    expect(
      errorText(new ApiRequestError(0, 'We could not reach Plansmith.'), 'fallback', hide),
    ).toBe('We could not reach Plansmith.');
    expect(errorText(new ApiRequestError(503, 'Database down.'), 'fallback', hide)).toBe(
      'fallback',
    );
  });
});

describe('namedFailure', () => {
  it('leads a reason with what failed, once', () => {
    const what = 'Your comment could not be posted.';
    expect(namedFailure(what, 'We could not reach Plansmith.')).toBe(
      'Your comment could not be posted. We could not reach Plansmith.',
    );
    expect(namedFailure(what, `${what} Please try again.`)).toBe(`${what} Please try again.`);
  });
});

import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction';

describe('redactUrl', () => {
  it('hides the token of a sign-in link in any case, keeping the rest of the address', () => {
    expect(redactUrl('/signin/abc.DEF-123/?next=/dashboard')).toBe(
      '/signin/[redacted]/?next=/dashboard',
    );
    expect(redactUrl('/SignIn/abc.DEF-123')).toBe('/signin/[redacted]');
    expect(redactUrl('/SIGNIN/abc#frag')).toBe('/signin/[redacted]#frag');
  });

  it('leaves other addresses as they are', () => {
    expect(redactUrl('/signin/')).toBe('/signin/');
    // Decision 0097's lasting key to a person's comment e-mails, page and API (review 28 F7).
    expect(redactUrl('/comment-emails/AbC_dEf-123/')).toBe('/comment-emails/[redacted]/');
    expect(redactUrl('/api/comment-emails/AbC_dEf-123')).toBe('/api/comment-emails/[redacted]');
    expect(redactUrl('/proposal/123/selections/')).toBe('/proposal/123/selections/');
  });
});

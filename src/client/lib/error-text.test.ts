import { describe, expect, it } from 'vitest';
import { ApiRequestError } from './api';
import { errorText } from './error-text';

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
  });
});

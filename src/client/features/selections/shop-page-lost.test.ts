import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../lib/api';
import { shopPageLost } from './api';

describe('shopPageLost', () => {
  const page = { groups: [] };

  it('leaves a page that never loaded, whatever the failure', () => {
    expect(shopPageLost({ error: new ApiRequestError(500, 'Down'), data: undefined })).toBe(true);
    expect(shopPageLost({ error: new TypeError('Failed to fetch'), data: undefined })).toBe(true);
  });

  it('leaves a loaded page when a read again says access is gone', () => {
    for (const status of [401, 403, 404])
      expect(shopPageLost({ error: new ApiRequestError(status, 'No'), data: page })).toBe(true);
  });

  it('keeps a loaded page when a read again fails otherwise, or has not failed', () => {
    expect(shopPageLost({ error: new ApiRequestError(503, 'Busy'), data: page })).toBe(false);
    expect(shopPageLost({ error: new TypeError('Failed to fetch'), data: page })).toBe(false);
    expect(shopPageLost({ error: null, data: page })).toBe(false);
    expect(shopPageLost({ error: null, data: undefined })).toBe(false);
  });
});

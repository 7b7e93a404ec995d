import { describe, expect, it } from 'vitest';
import { accepts, parsedEncodingCount, preferredEncoding } from './encoding';

describe('Accept-Encoding', () => {
  it('answers the same for a value seen before as for a new one', () => {
    for (let round = 0; round < 2; round++) {
      expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
      expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
      expect(preferredEncoding('BR;q=0.000, GZIP;q=0.0')).toBe('identity');
      expect(preferredEncoding(['gzip', 'br'])).toBe('br');
      expect(preferredEncoding(undefined)).toBe('identity');
      expect(accepts('gzip, br;q=0', 'br')).toBe(false);
      expect(accepts('gzip, br;q=0', 'gzip')).toBe(true);
      expect(accepts('gzip, br;q=0.5', 'br')).toBe(true);
    }
  });

  it('keeps a bounded number of parsed values, answering each one right', () => {
    for (let i = 0; i < 500; i++) {
      expect(preferredEncoding(`gzip, x-${i}`)).toBe('gzip');
      expect(parsedEncodingCount()).toBeLessThanOrEqual(64);
    }
    expect(preferredEncoding(`${'x-long, '.repeat(100)}br`)).toBe('br');
    expect(preferredEncoding('gzip, x-0')).toBe('gzip');
  });
});

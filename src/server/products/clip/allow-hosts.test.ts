import { describe, expect, it } from 'vitest';
import { effectivePort, makeAllowCheck } from './allow-hosts';

describe('makeAllowCheck', () => {
  it('exempts every port of a bare host and one port of host:port', () => {
    const allowed = makeAllowCheck(['shop.test', '127.0.0.1:4000', ' Retail.Example:8080 ']);
    expect(allowed('shop.test', '80')).toBe(true);
    expect(allowed('SHOP.TEST', '9999')).toBe(true);
    expect(allowed('127.0.0.1', '4000')).toBe(true);
    expect(allowed('127.0.0.1', '4001')).toBe(false);
    expect(allowed('127.0.0.1', '80')).toBe(false);
    expect(allowed('retail.example', '8080')).toBe(true);
    expect(allowed('retail.example', '443')).toBe(false);
    expect(allowed('other.test', '80')).toBe(false);
  });

  it('matches other spellings of the same address', () => {
    const allowed = makeAllowCheck(['127.0.0.1:4000']);
    expect(allowed('2130706433', '4000')).toBe(true);
    expect(allowed('0x7f.0.0.1', '4000')).toBe(true);
  });

  it('reads IPv6 entries with and without a port', () => {
    const allowed = makeAllowCheck(['::1', '[fd00::5]:4000']);
    expect(allowed('[::1]', '1234')).toBe(true);
    expect(allowed('fd00::5', '4000')).toBe(true);
    expect(allowed('[fd00::5]', '4001')).toBe(false);
  });

  it('matches any entry for the host when the port is not known (name resolution)', () => {
    const allowed = makeAllowCheck(['shop.test:4000']);
    expect(allowed('shop.test', null)).toBe(true);
    expect(allowed('other.test', null)).toBe(false);
  });

  it('allows nothing when empty', () => {
    expect(makeAllowCheck([])('127.0.0.1', '80')).toBe(false);
    expect(makeAllowCheck(['', '  '])('', null)).toBe(false);
  });
});

describe('effectivePort', () => {
  it('fills in the scheme default', () => {
    expect(effectivePort('http:', '')).toBe('80');
    expect(effectivePort('https:', '')).toBe('443');
    expect(effectivePort('http:', '8080')).toBe('8080');
  });
});

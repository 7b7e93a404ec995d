import { describe, expect, it } from 'vitest';
import {
  readSuccessState,
  readWrongRole,
  verifiedDestination,
  WRONG_ROLE_STATE,
} from './auth-state';

describe('readSuccessState', () => {
  it('reads a well-formed state', () => {
    expect(readSuccessState({ email: 'a@b.co', mode: 'signup' })).toEqual({
      email: 'a@b.co',
      mode: 'signup',
    });
  });
  it('ignores anything else', () => {
    expect(readSuccessState(null)).toEqual({});
    expect(readSuccessState({ email: 42 })).toEqual({});
    expect(readSuccessState('a@b.co')).toEqual({});
  });
});

describe('verifiedDestination', () => {
  it("prefers the server's redirect, then the link's, then the dashboard", () => {
    expect(verifiedDestination('/proposal/abc/', '/create/')).toBe('/proposal/abc/');
    expect(verifiedDestination('', '/create/')).toBe('/create/');
    expect(verifiedDestination(undefined, null)).toBe('/dashboard/');
  });
  it('never leaves the site', () => {
    expect(verifiedDestination('https://evil.example/', null)).toBe('/dashboard/');
    expect(verifiedDestination('//evil.example/', null)).toBe('/dashboard/');
  });
});

describe('readWrongRole (decision 0023)', () => {
  it('reads the state the send page hands over', () => {
    expect(readWrongRole(WRONG_ROLE_STATE)).toBe(true);
  });
  it('ignores anything else', () => {
    expect(readWrongRole(null)).toBe(false);
    expect(readWrongRole({ wrongRole: 'yes' })).toBe(false);
    expect(readWrongRole({ email: 'a@b.co' })).toBe(false);
  });
});

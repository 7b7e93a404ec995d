import { describe, expect, it } from 'vitest';
import {
  loadsFromServer,
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

describe('loadsFromServer (decision 0068)', () => {
  const id = '0b5f2a52-3c1e-4d7a-9f4e-2a6c8e1b7d90';
  it("is true for a proposal's pages, the contractor's and the homeowner's, with or without more", () => {
    expect(loadsFromServer(`/proposal/${id}/`)).toBe(true);
    expect(loadsFromServer(`/proposal/${id}/selections/#abc`)).toBe(true);
    expect(loadsFromServer(`/proposal/received/${id}/`)).toBe(true);
    expect(loadsFromServer(`/proposal/received/${id}/selections/?from=mail`)).toBe(true);
  });
  it('is false for the pages the app renders itself', () => {
    expect(loadsFromServer('/dashboard/')).toBe(false);
    expect(loadsFromServer('/create/')).toBe(false);
    expect(loadsFromServer(`/proposal/send/${id}/`)).toBe(false);
    expect(loadsFromServer(`/proposal/sign/${id}/`)).toBe(false);
    expect(loadsFromServer(`/proposal/${id}/edit/`)).toBe(false);
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

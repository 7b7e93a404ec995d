import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  canonicalPath,
  isServerRenderedPath,
  paths,
  safeRedirect,
  serverRenderedPageAt,
  signinTokenAt,
} from './paths';

describe('canonicalPath', () => {
  it('adds a trailing slash and collapses double slashes', () => {
    expect(canonicalPath('/signup')).toBe('/signup/');
    expect(canonicalPath('//faq')).toBe('/faq/');
    expect(canonicalPath('/proposal//abc//selections')).toBe('/proposal/abc/selections/');
    expect(canonicalPath('/dashboard/')).toBeNull();
    expect(canonicalPath('/')).toBeNull();
  });

  it('is idempotent', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\/[a-z/]{0,20}$/), (p) => {
        const once = canonicalPath(p) ?? p;
        expect(canonicalPath(once)).toBeNull();
      }),
    );
  });
});

describe('safeRedirect', () => {
  it.each([
    ['/proposal/1/', '/proposal/1/'],
    ['/dashboard/?a=1#x', '/dashboard/?a=1#x'],
    [undefined, '/dashboard/'],
    ['', '/dashboard/'],
    ['//evil.example', '/dashboard/'],
    ['/\\evil.example', '/dashboard/'],
    ['\\\\evil.example', '/dashboard/'],
    ['https://evil.example/', '/dashboard/'],
    ['javascript:alert(1)', '/dashboard/'],
    ['/\tevil', '/dashboard/'],
    ['dashboard', '/dashboard/'],
    // Dot segments resolved into a second leading slash.
    ['/..//evil.example', '/dashboard/'],
    ['/.//evil.example', '/dashboard/'],
    ['/a/..//evil.example/x', '/dashboard/'],
    ['/%2e%2e//evil.example', '/dashboard/'],
    ['/a/../proposal/1/', '/proposal/1/'],
    // Pages that act when they load (review 23): someone else's e-mail link, and signing out.
    [`/signin/${'A'.repeat(43)}/`, '/dashboard/'],
    [`/SignIn/${'A'.repeat(43)}`, '/dashboard/'],
    [`/a/../signin/${'A'.repeat(43)}/?x=1`, '/dashboard/'],
    [`/%73ignin/${'A'.repeat(43)}/`, '/dashboard/'],
    ['/logout/', '/dashboard/'],
    ['/LOGOUT', '/dashboard/'],
    ['/%6Cogout/', '/dashboard/'],
    // Written with repeated slashes, which the server's redirect to the canonical path merges.
    [`/signin//${'A'.repeat(43)}/`, '/dashboard/'],
    [`/signin/${'A'.repeat(43)}//`, '/dashboard/'],
    ['/logout//', '/dashboard/'],
    [`/signin/%2F${'A'.repeat(43)}/`, '/dashboard/'],
    ['/signin/', '/signin/'],
    ['/logout/later/', '/logout/later/'],
  ])('%s → %s', (given, expected) => {
    expect(safeRedirect(given)).toBe(expected);
  });

  it('never leaves the origin, whatever the input', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const out = safeRedirect(s);
        expect(out.startsWith('/')).toBe(true);
        expect(out.startsWith('//')).toBe(false);
        expect(new URL(out, 'https://plansmith.example').origin).toBe('https://plansmith.example');
      }),
    );
    // Paths built of the pieces that resolve or escape, which random strings rarely hit.
    const piece = fc.constantFrom('/', '.', '..', '%2e', '\\', 'evil.example', 'a', '?', '#');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 8 }), (pieces) => {
        const out = safeRedirect(`/${pieces.join('')}`);
        expect(out.startsWith('//')).toBe(false);
        expect(new URL(out, 'https://plansmith.example').origin).toBe('https://plansmith.example');
      }),
    );
  });
});

describe('isServerRenderedPath (decisions 0040, 0066, 0067)', () => {
  const ID = '0b5f2a52-3c1e-4d7a-9f4e-2a6c8e1b7d90';
  it("is true for a proposal's viewer and shop page, the contractor's and the homeowner's", () => {
    expect(isServerRenderedPath(`/proposal/${ID}/`)).toBe(true);
    expect(isServerRenderedPath(`/proposal/${ID}/selections`)).toBe(true);
    expect(isServerRenderedPath(`/proposal/received/${ID.toUpperCase()}/`)).toBe(true);
    expect(isServerRenderedPath(`/proposal/received/${ID}/selections/`)).toBe(true);
  });
  it('is false for every other page, and for an id that cannot be one', () => {
    for (const path of [
      '/',
      '/dashboard/',
      `/proposal/send/${ID}/`,
      `/proposal/${ID}/edit/`,
      '/proposal/received/',
      '/proposal/p1/',
    ])
      expect(isServerRenderedPath(path)).toBe(false);
  });
  it('names the page and gives its proposal id, as written in the path', () => {
    expect(serverRenderedPageAt(`/proposal/${ID}/`)).toEqual({ name: 'viewer', id: ID });
    expect(serverRenderedPageAt(`/proposal/${ID}/selections/`)).toEqual({ name: 'shop', id: ID });
    expect(serverRenderedPageAt(`/proposal/received/${ID.toUpperCase()}`)).toEqual({
      name: 'received',
      id: ID.toUpperCase(),
    });
    expect(serverRenderedPageAt(`/proposal/received/${ID}/selections/`)).toEqual({
      name: 'received-shop',
      id: ID,
    });
    expect(serverRenderedPageAt(`/proposal/${ID}/edit/`)).toBeUndefined();
  });
});

describe('signinTokenAt', () => {
  it('gives the token of an e-mail link, as written in the path', () => {
    expect(signinTokenAt(paths.signinToken('abc-123'))).toBe('abc-123');
    expect(signinTokenAt('/signin/a%2Fb')).toBe('a%2Fb');
    // As the app's router, which matches routePatterns.signinToken whatever the case.
    expect(signinTokenAt('/SignIn/abc/')).toBe('abc');
  });
  it('is undefined for the sign-in page and anything below a token', () => {
    for (const path of ['/signin/', '/signin', '/signin//', '/signin/abc/more/', '/x/signin/abc/'])
      expect(signinTokenAt(path)).toBeUndefined();
  });
});

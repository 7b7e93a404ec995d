import { describe, expect, it } from 'vitest';
import { sessionCookie } from '../auth/sessions';
import { loadConfig } from '../config/config';
import { claimCookie } from '../proposals/claim';
import { uploadCookie } from '../proposals/upload-token';
import { printCookie } from '../signing/print-access';
import { soleCookie } from './cookies';

const https = loadConfig({ APP_URL: 'https://app.plansmith.example/' });
const http = loadConfig({ APP_URL: 'http://localhost:3000' });

describe('cookie names and places (decision 0089)', () => {
  it('over https, every cookie is __Host- prefixed: Secure, at Path=/', () => {
    expect([sessionCookie, claimCookie, uploadCookie, printCookie].map((c) => c(https))).toEqual([
      { name: '__Host-plansmith_session', path: '/', secure: true },
      { name: '__Host-plansmith_claim', path: '/', secure: true },
      { name: '__Host-plansmith_uploads', path: '/', secure: true },
      { name: '__Host-plansmith_print', path: '/', secure: true },
    ]);
  });

  it('on plain http, the names and paths stay as they were', () => {
    expect([sessionCookie, claimCookie, uploadCookie, printCookie].map((c) => c(http))).toEqual([
      { name: 'plansmith_session', path: '/', secure: false },
      { name: 'plansmith_claim', path: '/api/', secure: false },
      { name: 'plansmith_uploads', path: '/api/', secure: false },
      { name: 'plansmith_print', path: '/', secure: false },
    ]);
  });
});

describe('soleCookie', () => {
  const req = (cookie: string, cookies: Record<string, string>) => ({
    headers: { cookie },
    cookies,
  });

  it('gives the value of the one cookie of that name', () => {
    expect(soleCookie(req('a=1; s=2', { a: '1', s: '2' }), 's')).toBe('2');
    expect(soleCookie(req('a=1', { a: '1' }), 's')).toBeUndefined();
  });

  it('gives nothing when the name comes twice, whichever comes first', () => {
    expect(soleCookie(req('s=planted; a=1; s=ours', { s: 'planted', a: '1' }), 's')).toBe(
      undefined,
    );
    expect(soleCookie(req(' s = x ;s=y', { s: 'x' }), 's')).toBeUndefined();
    // Other names alike, prefixed or not, are other cookies.
    expect(soleCookie(req('__Host-s=1; s=2; ss=3', { '__Host-s': '1', s: '2' }), '__Host-s')).toBe(
      '1',
    );
  });
});

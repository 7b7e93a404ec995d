import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_WINDOW } from '../../src/server/proposals/upload-routes';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser } from './support/users';
import { png, upload, uploadForm } from './support/uploads';

/** Logged-out uploads are open to anyone, so they are limited per client IP. */
describe('the logged-out upload limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it(`allows ${UPLOADS_PER_WINDOW.loggedOut} logged-out uploads per IP per window, then answers 429; signed-in users are counted apart`, async () => {
    const image = await png(4, 4);
    const statuses: number[] = [];
    for (let i = 0; i <= UPLOADS_PER_WINDOW.loggedOut; i++) {
      // A new browser each time: the limit is on the address, not the cookie.
      statuses.push(
        (await upload(t, 'groupImage', image, `a${i}.png`, { jar: cookieJar() })).status,
      );
    }
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const user = await signedInUser(t, 'limited@example.com');
    expect((await upload(t, 'groupImage', image, 'ok.png', user)).status).toBe(200);
  });
});

/** Behind a trusted proxy, an IPv6 client is counted by its /64, as the general limit counts it. */
describe('the logged-out upload limit for IPv6 clients', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('counts every address of one /64 as one client, and another /64 apart', async () => {
    const image = await png(4, 4);
    const from = (ip: string) =>
      request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
        body: uploadForm('groupImage', image, 'a.png'),
        jar: cookieJar(),
        headers: { 'x-forwarded-for': ip },
      });
    const statuses: number[] = [];
    // A new address of the same /64 each time, as a host holding the /64 could send.
    for (let i = 0; i <= UPLOADS_PER_WINDOW.loggedOut; i++)
      statuses.push((await from(`2001:db8:7:1::${(i + 1).toString(16)}`)).status);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    expect((await from('2001:db8:7:2::1')).status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOADS_PER_WINDOW } from '../../src/server/proposals/upload-routes';
import { cookieJar, startTestApp, type TestApp } from './support/test-app';
import { signedInUser } from './support/users';
import { png, upload } from './support/uploads';

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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINT_ACCESS_TTL_MS, PRINT_COOKIE } from '../../src/server/signing/print-access';
import { photoUploadReplySchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';
import { png, upload } from './support/uploads';

/*
 * Issue 10, section 1, the smaller points: a Permissions-Policy on every answer, files kept out of shared
 * caches, and the print page's cookie opening the images of its own proposal.
 */

describe('response headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t.close());

  it('every answer carries a Permissions-Policy that turns off the powerful features', async () => {
    const answers = [
      await request(t.baseUrl, 'GET', '/api/authorization/me'),
      await request(t.baseUrl, 'GET', '/api/no-such-route'),
      await request(t.baseUrl, 'GET', '/dev/mail'),
      await request(t.baseUrl, 'POST', '/api/authorization/logout', {
        headers: { origin: 'https://evil.example' },
      }),
      await request(t.baseUrl, 'POST', '/api/authorization/signin', { json: { email: 'x' } }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 404, 200, 403, 400]);
    for (const answer of answers) {
      const policy = answer.headers.get('permissions-policy') ?? '';
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb'])
        expect(policy).toContain(`${feature}=()`);
    }
  });

  it('the e-mail link page sends no referrer, in any letter case its path opens in (review 23, F9)', async () => {
    const token = 'A'.repeat(43);
    for (const path of [`/signin/${token}/`, `/SignIn/${token}/`, `/SIGNIN/${token}/`]) {
      const res = await request(t.baseUrl, 'GET', path);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    // Nor does the redirect to the canonical path, whose Location holds the token as well.
    for (const path of [`/SignIn/${token}`, `/signin//${token}/`]) {
      const res = await request(t.baseUrl, 'GET', path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get('referrer-policy'), path).toBe('no-referrer');
    }
    // Any other page keeps the site's policy.
    const other = await request(t.baseUrl, 'GET', '/signin/');
    expect(other.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  });
});

describe('files and the print cookie', () => {
  let t: TestApp;
  let clock = Date.now();
  let owner: TestUser;
  let printed: string;
  let printedImage: string;
  let otherImage: string;

  beforeAll(async () => {
    t = await startTestApp({ now: () => clock, limits: { authEmailsPerAddress: 50 } });
    owner = await signedInUser(t, 'owner@example.com');
    const image = async () =>
      photoUploadReplySchema.parse(
        (await upload(t, 'personalPhoto', await png(), 'photo.png', owner)).body,
      ).id;
    printedImage = await image();
    otherImage = await image();
    printed = await createProposal(t, owner, proposalInput({ personalPhotoId: printedImage }));
    await createProposal(t, owner, proposalInput({ personalPhotoId: otherImage }));
  });
  afterAll(() => t.close());

  const printCookie = async () => {
    const res = await request(t.baseUrl, 'POST', `/api/proposal/${printed}/print-access`, {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const cookie = res.cookies.find((c) => c.name === PRINT_COOKIE);
    return `${PRINT_COOKIE}=${encodeURIComponent(cookie!.value)}`;
  };
  const file = (id: string, cookie?: string) =>
    request(t.baseUrl, 'GET', `/api/files/${id}`, { cookie });

  it('a file is served for the reader’s cache only', async () => {
    const res = await file(printedImage, owner.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
  });

  it('with only the print cookie, the printed proposal’s image shows and no other', async () => {
    const cookie = await printCookie();
    expect((await file(printedImage)).status).toBe(404);
    const res = await file(printedImage, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toMatch(/^private\b/);
    expect((await file(otherImage, cookie)).status).toBe(404);
  });

  it('the cookie opens nothing once it has expired', async () => {
    const cookie = await printCookie();
    clock += PRINT_ACCESS_TTL_MS;
    expect((await file(printedImage, cookie)).status).toBe(404);
  });
});

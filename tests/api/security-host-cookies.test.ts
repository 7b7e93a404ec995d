import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoUploadReplySchema } from '../../src/shared/schemas/proposal';
import { png, upload } from './support/uploads';
import {
  cookieJar,
  request,
  startTestApp,
  type HttpResponse,
  type TestApp,
} from './support/test-app';
import {
  createProposal,
  proposalInput,
  signedInUser,
  tokenFromMail,
  type TestUser,
} from './support/users';

/*
 * Review 27, F4 (decision 0089): under an https APP_URL every cookie is `__Host-` prefixed, so a
 * sibling host of the domain cannot plant one, and a session cookie that comes twice signs no one in.
 */

const SESSION = '__Host-plansmith_session';

/** The raw Set-Cookie lines of an answer, by cookie name. */
function setCookieLines(res: HttpResponse): Map<string, string> {
  return new Map(res.headers.getSetCookie().map((line) => [line.split('=')[0]!, line]));
}

/** What a browser needs to take a `__Host-` cookie: Secure, Path=/ and no Domain. */
function expectHostCookie(line: string | undefined) {
  expect(line).toBeDefined();
  expect(line).toMatch(/; Secure(;|$)/i);
  expect(line).toMatch(/; Path=\/(;|$)/);
  expect(line).not.toMatch(/; Domain=/i);
}

describe('cookies under an https APP_URL', () => {
  let t: TestApp;
  let victim: TestUser;
  let attacker: TestUser;
  const me = async (cookie: string) =>
    (
      (await request(t.baseUrl, 'GET', '/api/authorization/me', { cookie })).body as {
        user: { email: string } | null;
      }
    ).user?.email ?? null;

  beforeAll(async () => {
    t = await startTestApp({
      env: { APP_URL: 'https://plansmith.example.com' },
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    victim = await signedInUser(t, 'victim@example.com');
    attacker = await signedInUser(t, 'attacker@example.com');
  });
  afterAll(() => t.close());

  it('a sign-in sets __Host-plansmith_session: Secure, Path=/, no Domain, httpOnly, Lax', async () => {
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'victim@example.com' },
    });
    const mail = await t.mailbox.waitFor('victim@example.com', { since });
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
    });
    expect(verified.status).toBe(200);
    const lines = setCookieLines(verified);
    expect([...lines.keys()]).toContain(SESSION);
    expect([...lines.keys()]).not.toContain('plansmith_session');
    expectHostCookie(lines.get(SESSION));
    expect(lines.get(SESSION)).toMatch(/; HttpOnly/i);
    expect(lines.get(SESSION)).toMatch(/; SameSite=Lax/i);
    expect(await me(verified.cookie!)).toBe('victim@example.com');
  });

  it('a cookie of the bare name, which a sibling host can set, signs no one in', async () => {
    const planted = `plansmith_session=${attacker.jar.get(SESSION)}`;
    expect(await me(planted)).toBeNull();
    expect(await me(`${planted}; ${victim.cookie}`)).toBe('victim@example.com');
  });

  it('a session cookie that comes twice signs in neither account', async () => {
    const tossed = `${SESSION}=${attacker.jar.get(SESSION)}`;
    expect(await me(`${tossed}; ${victim.cookie}`)).toBeNull();
    expect(await me(`${victim.cookie}; ${tossed}`)).toBeNull();
    const list = await request(t.baseUrl, 'GET', '/api/proposal/', {
      cookie: `${tossed}; ${victim.cookie}`,
    });
    expect(list.status).toBe(401);
  });

  it('the claim cookie is __Host- at Path=/, and claims the proposal from its browser', async () => {
    const browser = cookieJar();
    const created = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ projectName: 'Host kitchen' }),
      jar: browser,
    });
    expect(created.status).toBe(201);
    expectHostCookie(setCookieLines(created).get('__Host-plansmith_claim'));
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'claimer@example.com', name: 'Claire Claimer', proposalId: created.body },
      jar: browser,
    });
    const mail = await t.mailbox.waitFor('claimer@example.com', { since });
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar: browser,
    });
    expect((verified.body as { pendingClaim: unknown }).pendingClaim).toBeNull();
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${created.body}`, {
      jar: browser,
    });
    expect((read.body as { access: { role: string } }).access.role).toBe('owner');
  });

  it('the upload and print cookies are __Host- too, and a log-out clears all three there', async () => {
    const browser = cookieJar();
    const uploaded = await upload(t, 'currentCondition', await png(), 'room.png', {
      jar: browser,
    });
    expectHostCookie(setCookieLines(uploaded).get('__Host-plansmith_uploads'));
    const file = photoUploadReplySchema.parse(uploaded.body);
    expect(
      (await request(t.baseUrl, 'GET', `/api/files/${file.id}`, { jar: browser })).status,
    ).toBe(200);

    const owner = await signedInUser(t, 'printer@example.com');
    const id = await createProposal(t, owner);
    const granted = await request(t.baseUrl, 'POST', `/api/proposal/${id}/print-access`, {
      jar: owner.jar,
    });
    const print = setCookieLines(granted).get('__Host-plansmith_print');
    expectHostCookie(print);
    expect(print).toMatch(/; SameSite=Strict/i);
    const printOnly = `__Host-plansmith_print=${owner.jar.get('__Host-plansmith_print')}`;
    expect(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: printOnly })).status,
    ).toBe(200);

    const out = await request(t.baseUrl, 'POST', '/api/authorization/logout/', {
      cookie: `${owner.jar.header()}; ${browser.header()}`,
    });
    const cleared = setCookieLines(out);
    for (const name of [SESSION, '__Host-plansmith_print', '__Host-plansmith_uploads']) {
      // A browser ignores a __Host- clearing line without Secure and Path=/.
      expectHostCookie(cleared.get(name));
      expect(cleared.get(name)).toMatch(/^[^=]+=;/);
    }
  });

  it('the OpenAPI document names the prefixed cookies', async () => {
    const doc = (await request(t.baseUrl, 'GET', '/api/openapi.json')).body as {
      components: { securitySchemes: Record<string, { name: string }> };
    };
    expect(doc.components.securitySchemes.session?.name).toBe(SESSION);
    expect(doc.components.securitySchemes.print?.name).toBe('__Host-plansmith_print');
  });
});

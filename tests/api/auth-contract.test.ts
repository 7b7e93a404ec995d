import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth } from '../../src/shared/api/auth';
import { UPLOAD_MAX_BYTES } from '../../src/shared/constants';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';
import { pdf, png } from './support/uploads';

/*
 * Review 23 (F7): the contract's error replies of the auth routes had drifted from what the
 * routes answer (verify without its 403, sign-in without its 401, sign-up with a 409 it never
 * sends). Each refusal below is asked for for real, and each route must declare exactly the
 * refusals it answers, so neither side can drift again. A 429 is the default response's, not
 * declared (decision 0016), as for every rate-limited route.
 */

type Ask = (t: TestApp, user: TestUser) => Promise<HttpResponse>;

const PER_ADDRESS = 2;

const json = (path: string, body: unknown, cookie?: string): Ask => {
  return (t) => request(t.baseUrl, 'POST', path, { json: body, cookie });
};

const put = (path: string, body: unknown, cookie?: string): Ask => {
  return (t) => request(t.baseUrl, 'PUT', path, { json: body, cookie });
};

const signupForm = (logo: { bytes: Buffer; name: string }): Ask => {
  return (t) => {
    const form = new FormData();
    form.append('email', `logo.${randomUUID()}@example.com`);
    form.append('name', 'Lou Logo');
    form.append('logo', new Blob([new Uint8Array(logo.bytes)]), logo.name);
    return request(t.baseUrl, 'POST', auth.signup.path, { body: form });
  };
};

/** Asks until the per-address limit of login e-mails answers. */
const overLimit = (path: string, body: (email: string) => unknown): Ask => {
  return async (t, user) => {
    const email = path === auth.signin.path ? user.email : `limit.${randomUUID()}@example.com`;
    for (let i = 0; i < PER_ADDRESS; i++) await json(path, body(email))(t, user);
    return json(path, body(email))(t, user);
  };
};

/** Every auth route, with a request for each refusal it gives. */
const REFUSALS: Record<keyof typeof auth, [status: number, ask: Ask][]> = {
  signup: [
    [400, json(auth.signup.path, { email: 'not-an-address', name: 'N' })],
    [413, signupForm({ bytes: Buffer.alloc(UPLOAD_MAX_BYTES + 1), name: 'huge.png' })],
    [415, signupForm({ bytes: pdf(), name: 'logo.pdf' })],
    [429, overLimit(auth.signup.path, (email) => ({ email, name: 'Lim' }))],
  ],
  signin: [
    [400, json(auth.signin.path, { email: 'x' })],
    [401, json(auth.signin.path, { email: 'nobody.here@example.com' })],
    [429, overLimit(auth.signin.path, (email) => ({ email }))],
  ],
  verify: [
    [400, json(auth.verify.path, { token: 'x' })],
    [403, json(auth.verify.path, { token: 'A'.repeat(43) })],
  ],
  claim: [
    [400, (t, user) => json(auth.claim.path, { proposalId: 'x' }, user.cookie)(t, user)],
    [401, json(auth.claim.path, { proposalId: randomUUID() })],
    [404, (t, user) => json(auth.claim.path, { proposalId: randomUUID() }, user.cookie)(t, user)],
  ],
  renew: [[400, json(auth.renew.path, { token: 'x' })]],
  logout: [
    [400, json(auth.logout.path, { everywhere: 'yes' })],
    [401, json(auth.logout.path, { everywhere: true })],
  ],
  me: [],
  account: [[401, (t) => request(t.baseUrl, 'GET', auth.account.path)]],
  updateAccount: [
    [
      400,
      (t, u) => put(auth.updateAccount.path, { version: 1, name: 'N', email: 'x' }, u.cookie)(t, u),
    ],
    [401, put(auth.updateAccount.path, { version: 1, name: 'N' })],
    [409, (t, u) => put(auth.updateAccount.path, { version: 99, name: 'N' }, u.cookie)(t, u)],
  ],
};

describe('the auth routes declare the refusals they answer', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: PER_ADDRESS, authEmailsPerIp: 500 } });
    user = await signedInUser(t, `contract.${randomUUID()}@example.com`);
  });
  afterAll(() => t.close());

  for (const [name, endpoint] of Object.entries(auth)) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const cases = REFUSALS[name as keyof typeof auth];
      for (const [status, ask] of cases) {
        const res = await ask(t, user);
        expect(res.status, `${name} ${status}: ${JSON.stringify(res.body)}`).toBe(status);
      }
      const answered = cases.map(([status]) => status).filter((status) => status !== 429);
      const declared = Object.keys(endpoint.errors).map(Number);
      expect(declared.sort(), name).toEqual([...new Set(answered)].sort());
    });
  }

  it('a 429 is left to the default response, which names it', async () => {
    const res = await request<{
      paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>>;
    }>(t.baseUrl, 'GET', '/api/openapi.json');
    const responses = res.body.paths[auth.signin.path]?.post?.responses;
    expect(responses?.['429']).toBeUndefined();
    expect(responses?.default?.description).toMatch(/429/);
  });

  it('a sign-up with an allowed logo is not refused (the 415 above is the type, not the form)', async () => {
    const res = await signupForm({ bytes: await png(), name: 'logo.png' })(t, user);
    expect(res.status).toBe(200);
  });
});

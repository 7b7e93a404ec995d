import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../../src/server/auth/sessions';
import { hashSecret } from '../../src/server/auth/tokens';
import { SESSION_TTL_MS } from '../../src/shared/constants';
import { UPLOAD_COOKIE } from '../../src/server/proposals/upload-token';
import { photoUploadReplySchema } from '../../src/shared/schemas/proposal';
import { cookieJar, startTestApp, request, type TestApp } from './support/test-app';
import { png, upload } from './support/uploads';
import { accountFor } from './support/users';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

function tokenFrom(text: string): { token: string; link: string } {
  const match = /(https?:\/\/[^\s"<>]+\/signin\/([A-Za-z0-9_-]+)\/?(\?[^\s"<>]*)?)/.exec(text);
  if (!match?.[1] || !match[2]) throw new Error(`No login link in:\n${text}`);
  return { link: match[1], token: match[2] };
}

describe('sign-in by e-mail link', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
  });
  afterAll(() => t.close());

  async function signUp(email: string, extra: Record<string, string> = {}) {
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: {
        email,
        name: 'Dana Builder',
        phoneNumber: '555-0100',
        companyName: 'Builder & Co',
        role: 'contractor',
        ...extra,
      },
    });
    return res;
  }

  async function linkFor(email: string, since: number) {
    const mail = await t.mailbox.waitFor(email.toLowerCase(), { since });
    return { mail, ...tokenFrom(mail.text) };
  }

  /** Signs up and opens the e-mailed link, which makes the account (decision 0078). */
  async function signUpConfirmed(email: string, extra: Record<string, string> = {}) {
    const since = Date.now();
    expect((await signUp(email, extra)).status).toBe(200);
    const { token } = await linkFor(email, since);
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    expect(verified.status).toBe(200);
    return verified;
  }

  it('signs up a contractor, e-mails a one-time link through SMTP, and opens a session with it', async () => {
    const since = Date.now();
    const res = await signUp('New.Contractor@Example.com');
    expect(res.status).toBe(200);
    const { mail, token, link } = await linkFor('new.contractor@example.com', since);
    expect(mail.subject).toMatch(/Plansmith/);
    expect(mail.html).toContain(link.replace(/&/g, '&amp;'));
    expect(mail.text).toContain('new.contractor@example.com');
    expect(link.startsWith(`${t.appUrl}/signin/`)).toBe(true);
    // 256 random bits, base64url.
    expect(token.length).toBeGreaterThanOrEqual(43);

    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    expect(verified.status).toBe(200);
    const body = verified.body as {
      user: { email: string; role: string; name: string };
      redirect: string;
    };
    expect(body.user).toMatchObject({
      email: 'new.contractor@example.com',
      role: 'contractor',
      name: 'Dana Builder',
    });
    expect(body.redirect).toBe('/dashboard/');
    const setCookie = verified.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);

    const me = await request(t.baseUrl, 'GET', '/api/authorization/me', {
      cookie: verified.cookie,
    });
    expect((me.body as { user: { email: string } }).user.email).toBe('new.contractor@example.com');
  });

  it('stores only a hash of the token, and a used link answers 403', async () => {
    const since = Date.now();
    await signUp('hash.check@example.com');
    const { token } = await linkFor('hash.check@example.com', since);
    const rows = await t.app.ctx.db.selectFrom('login_tokens').selectAll().execute();
    const pending = await t.app.ctx.db.selectFrom('pending_signups').selectAll().execute();
    expect(JSON.stringify([rows, pending])).not.toContain(token);

    expect(
      (await request(t.baseUrl, 'POST', '/api/authorization/verify/', { json: { token } })).status,
    ).toBe(200);
    const again = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    expect(again.status).toBe(403);
    expect((again.body as { message: string }).message).toMatch(/expired or was already used/);
  });

  it('a link older than one hour answers 403', async () => {
    const since = Date.now();
    await signUp('expiry@example.com');
    const { token } = await linkFor('expiry@example.com', since);
    clock += HOUR + 1000;
    try {
      const res = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
        json: { token },
      });
      expect(res.status).toBe(403);
    } finally {
      clock -= HOUR + 1000;
    }
  });

  it('two simultaneous clicks on one link give one session', async () => {
    const since = Date.now();
    await signUp('race@example.com');
    const { token } = await linkFor('race@example.com', since);
    const results = await Promise.all(
      [1, 2, 3].map(() =>
        request(t.baseUrl, 'POST', '/api/authorization/verify/', { json: { token } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
  });

  it('refuses a taken address with the §8 message, whatever its case', async () => {
    await signUpConfirmed('taken@example.com');
    const res = await signUp('TAKEN@example.com');
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'Email is already associated with another account',
    );
  });

  it('validates sign-up input with readable messages', async () => {
    const bad = await signUp('not-an-email');
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toBe('Please enter a valid email address.');
    const noName = await signUp('noname@example.com', { name: '  ' });
    expect((noName.body as { message: string }).message).toBe('Please enter your name.');
    const homeowner = await signUp('homeowner@example.com', { role: 'homeowner' });
    expect(homeowner.status).toBe(400);
    const garbage = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      body: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expect(garbage.status).toBe(400);
    expect(typeof (garbage.body as { message: string }).message).toBe('string');
  });

  it('sign-in to an unknown address answers 401 with the §8 message', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'nobody@example.com' },
    });
    expect(res.status).toBe(401);
    expect((res.body as { message: string }).message).toBe('User with this email was not found');
  });

  it('signs in again by e-mail, lower-casing the address, and changes the session id', async () => {
    const since = Date.now();
    await signUp('again@example.com');
    const first = await linkFor('again@example.com', since);
    const s1 = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: first.token },
    });

    const since2 = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: '  AGAIN@Example.com ' },
    });
    expect(res.status).toBe(200);
    const second = await linkFor('again@example.com', since2);
    expect(second.token).not.toBe(first.token);
    const s2 = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: second.token },
      cookie: s1.cookie,
    });
    expect(s2.status).toBe(200);
    expect(s2.cookie).toBeTruthy();
    expect(s2.cookie).not.toBe(s1.cookie);
    const old = await request(t.baseUrl, 'GET', '/api/authorization/me', { cookie: s1.cookie });
    expect((old.body as { user: unknown }).user).toBeNull();
  });

  it('logout deletes the session: the old cookie no longer works', async () => {
    const since = Date.now();
    await signUp('logout@example.com');
    const { token } = await linkFor('logout@example.com', since);
    const session = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    // The cookie holds the secret; the table keeps its hash.
    const secret = session.cookies.find((c) => c.name === SESSION_COOKIE)?.value ?? '';
    const row = () =>
      t.app.ctx.db
        .selectFrom('sessions')
        .select('id_hash')
        .where('id_hash', '=', hashSecret(secret))
        .execute();
    expect(await row()).toHaveLength(1);
    const out = await request(t.baseUrl, 'POST', '/api/authorization/logout/', {
      json: {},
      cookie: session.cookie,
    });
    expect(out.status).toBe(200);
    expect(await row()).toEqual([]);
    const me = await request(t.baseUrl, 'GET', '/api/authorization/me', { cookie: session.cookie });
    expect((me.body as { user: unknown }).user).toBeNull();
  });

  it('logout clears the logged-out upload cookie; a sign-in keeps it for the draft (review 23, F5)', async () => {
    const jar = cookieJar();
    const file = photoUploadReplySchema.parse(
      (await upload(t, 'currentCondition', await png(), 'kitchen.png', { jar })).body,
    );
    expect(jar.get(UPLOAD_COOKIE)).toBeTruthy();
    const readable = async () =>
      (await request(t.baseUrl, 'GET', `/api/files/${file.id}`, { jar })).status;
    expect(await readable()).toBe(200);

    const since = Date.now();
    expect((await signUp('uploads.out@example.com')).status).toBe(200);
    const { token } = await linkFor('uploads.out@example.com', since);
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
      jar,
    });
    expect(verified.status).toBe(200);
    expect(verified.cookies.map((c) => c.name)).not.toContain(UPLOAD_COOKIE);
    expect(await readable()).toBe(200);

    const out = await request(t.baseUrl, 'POST', '/api/authorization/logout/', { json: {}, jar });
    expect(out.status).toBe(200);
    const cleared = out.cookies.find((c) => c.name === UPLOAD_COOKIE);
    expect(cleared).toMatchObject({ value: '', path: '/api/' });
    expect(cleared?.maxAge === 0 || (cleared?.expires?.getTime() ?? Infinity) <= Date.now()).toBe(
      true,
    );
    expect(jar.get(UPLOAD_COOKIE)).toBeUndefined();
    expect(await readable()).toBe(404);
  });

  it('the cookie slides with the session: its Max-Age is renewed when the row is, and only then (review 23, F3)', async () => {
    const verified = await signUpConfirmed('sliding@example.com');
    const secret = verified.cookies.find((c) => c.name === SESSION_COOKIE)?.value;
    expect(secret).toBeTruthy();
    const me = () =>
      request(t.baseUrl, 'GET', '/api/authorization/me', { cookie: verified.cookie });
    expect((await me()).headers.get('set-cookie')).toBeNull();
    clock += 2 * DAY;
    try {
      const extended = await me();
      expect((extended.body as { user: { email: string } }).user.email).toBe('sliding@example.com');
      expect(extended.cookies).toEqual([
        {
          name: SESSION_COOKIE,
          value: secret,
          path: '/',
          maxAge: SESSION_TTL_MS / 1000,
          httpOnly: true,
          secure: false,
          sameSite: 'Lax',
        },
      ]);
      // Extended at most daily: the next answer writes nothing and sets nothing.
      expect((await me()).headers.get('set-cookie')).toBeNull();
    } finally {
      clock -= 2 * DAY;
    }
  });

  describe('redirect after sign-in stays on this site', () => {
    const cases: [string, string][] = [
      ['/proposal/abc/', '/proposal/abc/'],
      ['/dashboard/?tab=1', '/dashboard/?tab=1'],
      ['//evil.example/', '/dashboard/'],
      ['/\\evil.example/', '/dashboard/'],
      ['https://evil.example/', '/dashboard/'],
      ['javascript:alert(1)', '/dashboard/'],
      ['/%0d%0aLocation:evil', '/%0d%0aLocation:evil'],
      // Someone else's e-mail link would sign this person in to that account (review 23).
      [`/signin/${'A'.repeat(43)}/`, '/dashboard/'],
      ['/logout/', '/dashboard/'],
    ];
    for (const [given, expected] of cases) {
      it(`${given} → ${expected}`, async () => {
        const email = `redirect.${Math.random().toString(36).slice(2)}@example.com`;
        await signUpConfirmed(email);
        const since = Date.now();
        await request(t.baseUrl, 'POST', '/api/authorization/signin', {
          json: { email, redirect: given },
        });
        const { token, link } = await linkFor(email, since);
        if (expected !== '/dashboard/')
          expect(link).toContain(`?redirect=${encodeURIComponent(expected)}`);
        else expect(link).not.toContain('redirect=');
        const res = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
          json: { token },
        });
        expect((res.body as { redirect: string }).redirect).toBe(expected);
      });
    }
  });

  it('builds links from APP_URL, never from the Host header', async () => {
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'host@example.com', name: 'Host Test' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    const { link } = await linkFor('host@example.com', since);
    expect(link.startsWith(t.appUrl)).toBe(true);
    expect(link).not.toContain('evil.example');
  });

  it('rejects malformed tokens with 400 and unknown ones with 403', async () => {
    const short = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: 'x' },
    });
    expect(short.status).toBe(400);
    const unknown = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: 'A'.repeat(43) },
    });
    expect(unknown.status).toBe(403);
  });
});

describe('rate limits on login e-mails', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The test's requests stand for clients behind a proxy on this machine.
    t = await startTestApp({
      limits: { authEmailsPerAddress: 2, authEmailsPerIp: 4 },
      env: { TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => t.close());

  it('limits e-mails per address, answering 429 with a wait message', async () => {
    const email = 'limited@example.com';
    const headers = { 'x-forwarded-for': '203.0.113.10' };
    expect(
      (
        await request(t.baseUrl, 'POST', '/api/authorization/signup', {
          json: { email, name: 'Lim' },
          headers,
        })
      ).status,
    ).toBe(200);
    await accountFor(t, email);
    expect(
      (await request(t.baseUrl, 'POST', '/api/authorization/signin', { json: { email }, headers }))
        .status,
    ).toBe(200);
    const third = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email },
      headers,
    });
    expect(third.status).toBe(429);
    // Both e-mails carried a link that still works: the answer points to them (decision 0082).
    expect((third.body as { message: string }).message).toMatch(
      /^We have already sent several login links to this address in the last hour\. Use the newest one in your inbox, or wait \d+ minutes? to ask for another\.$/,
    );
  });

  it('limits e-mails per client IP across addresses', async () => {
    const headers = { 'x-forwarded-for': '203.0.113.20' };
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
        json: { email: `ip${i}@example.com`, name: 'IP' },
        headers,
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 429]);
    // Another client is not affected.
    const other = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'other-ip@example.com', name: 'IP' },
      headers: { 'x-forwarded-for': '203.0.113.21' },
    });
    expect(other.status).toBe(200);
  });

  it('counts sign-ups to taken addresses too, so a client cannot test address after address', async () => {
    const taken = ['taken-a@example.com', 'taken-b@example.com', 'taken-c@example.com'];
    for (const email of taken) await accountFor(t, email);
    const headers = { 'x-forwarded-for': '203.0.113.30' };
    const probes = [taken[0], 'free-probe1@example.com', taken[1], 'free-probe2@example.com'];
    const answers: string[] = [];
    for (const email of [...probes, taken[2]]) {
      const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
        json: { email, name: 'Probe' },
        headers,
      });
      answers.push(`${res.status} ${(res.body as { message?: string }).message ?? ''}`.trim());
    }
    expect(answers.slice(0, 4)).toEqual([
      '400 Email is already associated with another account',
      '200',
      '400 Email is already associated with another account',
      '200',
    ]);
    // Past the client's limit, a taken address is no longer told apart from a free one.
    expect(answers[4]).toMatch(/^429 Too many login emails were requested\. Please wait/);
  });

  it('counts a request refused at the address limit against its IP, and not against the address', async () => {
    const email = 'full.inbox@example.com';
    await accountFor(t, email);
    const own = { 'x-forwarded-for': '203.0.113.40' };
    for (let i = 0; i < 2; i++) {
      const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
        json: { email },
        headers: own,
      });
      expect(res.status).toBe(200);
    }
    // Another client: one refused at the address's limit, then sign-ups of free addresses.
    const headers = { 'x-forwarded-for': '203.0.113.41' };
    const answers: string[] = [];
    const refused = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email },
      headers,
    });
    answers.push(`${refused.status} ${(refused.body as { message: string }).message}`);
    for (let i = 0; i < 4; i++) {
      const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
        json: { email: `after-full${i}@example.com`, name: 'After' },
        headers,
      });
      answers.push(`${res.status} ${(res.body as { message?: string }).message ?? ''}`.trim());
    }
    expect(answers[0]).toMatch(/^429 We have already sent several login links to this address/);
    // The refused one is the first of the client's 4 (decision 0082): its fourth sign-up is past.
    expect(answers.slice(1, 4)).toEqual(['200', '200', '200']);
    expect(answers[4]).toMatch(/^429 Too many login emails were requested\. Please wait/);
    const rows = await t.app.ctx.db
      .selectFrom('auth_email_attempts')
      .select(['email', 'ip'])
      .where('email', 'in', [email, `unsent:${email}`])
      .execute();
    // The address counts its two links only; the refused one stays against its client's IP.
    expect(rows.filter((row) => row.email === email)).toHaveLength(2);
    expect(rows.filter((row) => row.email !== email)).toEqual([
      { email: `unsent:${email}`, ip: headers['x-forwarded-for'] },
    ]);
  });
});

describe('logs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ captureLogs: true });
  });
  afterAll(() => t.close());

  it('no log line holds a login token, whether it came by e-mail, page path or API body', async () => {
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'logs@example.com', name: 'Log Reader' },
    });
    const mail = await t.mailbox.waitFor('logs@example.com', { since });
    const { token } = tokenFrom(mail.text);
    await request(t.baseUrl, 'GET', `/signin/${token}/`);
    await request(t.baseUrl, 'GET', `/signin/${token}`);
    // The page answers in any case (React Router's matching), so the log must hide it so too.
    await request(t.baseUrl, 'GET', `/SignIn/${token}/?from=mail`);
    await request(t.baseUrl, 'POST', '/api/authorization/verify/', { json: { token } });
    const lines = t.logs();
    expect(lines.length).toBeGreaterThan(4);
    expect(lines.some((l) => l.includes('/signin/[redacted]'))).toBe(true);
    expect(lines.filter((l) => l.includes(token))).toEqual([]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endSessions } from '../../src/server/cli/commands';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, tokenFromMail, verifyMailedLink, type TestUser } from './support/users';

/*
 * Review 27, F5 (decision 0089): 'Log out of all devices' ends every session of the user (and
 * their links not yet opened); a plain log-out still ends only this browser's. Both engines.
 */

describe('log out of all devices', () => {
  let t: TestApp;
  let other: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    other = await signedInUser(t, 'other@example.com');
  });
  afterAll(() => t.close());

  const me = async (cookie: string | undefined) =>
    (
      (await request(t.baseUrl, 'GET', '/api/authorization/me', { cookie })).body as {
        user: { email: string } | null;
      }
    ).user?.email ?? null;

  /** One more browser signed in as `email`: its own e-mailed link, its own session. */
  async function anotherSession(email: string): Promise<string> {
    const jar = cookieJar();
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', { json: { email } });
    await verifyMailedLink(t, email, since, jar);
    return jar.header()!;
  }

  const logout = (cookie: string | undefined, json?: unknown) =>
    request<{ ok: true; sessionsEnded: number }>(t.baseUrl, 'POST', '/api/authorization/logout', {
      cookie,
      json,
    });

  it('ends both sessions of the user, and no one else’s', async () => {
    const laptop = (await signedInUser(t, 'two@example.com')).cookie;
    const phone = await anotherSession('two@example.com');
    expect(await me(phone)).toBe('two@example.com');

    const out = await logout(laptop, { everywhere: true });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true, sessionsEnded: 2 });
    // This browser's cookie is cleared as a log-out clears it.
    const cleared = out.cookies.find((c) => c.name === 'plansmith_session');
    expect(cleared?.value).toBe('');
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect(await me(other.cookie)).toBe('other@example.com');
    const rows = await t.app.ctx.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select('users.email')
      .execute();
    expect(rows.map((r) => r.email)).not.toContain('two@example.com');
  });

  it('ends a link e-mailed but not yet opened (a forwarded e-mail), not the next one', async () => {
    const here = (await signedInUser(t, 'forwarded@example.com')).cookie;
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'forwarded@example.com' },
    });
    const forwarded = tokenFromMail(
      (await t.mailbox.waitFor('forwarded@example.com', { since })).text,
    );
    expect((await logout(here, { everywhere: true })).body.sessionsEnded).toBe(1);
    const late = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: forwarded },
    });
    expect(late.status).toBe(403);
    // The owner signs in again as usual.
    expect(await me(await anotherSession('forwarded@example.com'))).toBe('forwarded@example.com');
  });

  it('a plain log-out still ends only this browser’s session', async () => {
    const laptop = (await signedInUser(t, 'plain@example.com')).cookie;
    const phone = await anotherSession('plain@example.com');
    const out = await logout(laptop, {});
    expect(out.body).toEqual({ ok: true, sessionsEnded: 1 });
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBe('plain@example.com');
    // No body at all, as before, and `everywhere: false`, are the same plain log-out.
    expect((await logout(phone)).body).toEqual({ ok: true, sessionsEnded: 1 });
    expect((await logout(undefined, { everywhere: false })).body).toEqual({
      ok: true,
      sessionsEnded: 0,
    });
  });

  it('validates the body: anything but {everywhere?: boolean} is 400 and ends nothing', async () => {
    const cookie = (await signedInUser(t, 'typo@example.com')).cookie;
    for (const body of [{ everywhere: 'yes' }, { everyWhere: true }, [true], 'everywhere']) {
      const res = await logout(cookie, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await me(cookie)).toBe('typo@example.com');
  });

  it('everywhere with no session is 401: nobody to log out', async () => {
    const res = await logout(undefined, { everywhere: true });
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ message: 'Please log in first.' });
  });

  it('from another site it is refused, as every write is', async () => {
    const cookie = (await signedInUser(t, 'csrf@example.com')).cookie;
    const res = await request(t.baseUrl, 'POST', '/api/authorization/logout', {
      cookie,
      json: { everywhere: true },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(await me(cookie)).toBe('csrf@example.com');
  });

  it('support ends them from the command line: end-sessions <email>', async () => {
    const laptop = (await signedInUser(t, 'lost@example.com')).cookie;
    const phone = await anotherSession('lost@example.com');
    expect(await endSessions(t.app.ctx.db, 'Lost@Example.com')).toBe(
      'Ended 2 sessions and 0 unopened sign-in links of lost@example.com. ' +
        'They log in again with a new link from /signin/.',
    );
    expect(await me(laptop)).toBeNull();
    expect(await me(phone)).toBeNull();
    expect(await me(other.cookie)).toBe('other@example.com');
    await expect(endSessions(t.app.ctx.db, 'ghost@example.com')).rejects.toThrow(
      'No user with the e-mail ghost@example.com.',
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';

/*
 * Issue 10, section 1: X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by
 * default), so a client cannot pick its own IP for the per-IP limit on sign-in and sign-up e-mails (or the signing log).
 * Test requests come from 127.0.0.1, which the old setting trusted with every private range.
 */

const signupFrom = (t: TestApp, email: string, forwardedFor: string) =>
  request(t.baseUrl, 'POST', '/api/authorization/signup', {
    json: { email, name: 'Casey' },
    headers: { 'x-forwarded-for': forwardedFor },
  });

const recordedIps = async (t: TestApp) =>
  (await t.app.ctx.db.selectFrom('auth_email_attempts').select('ip').orderBy('id').execute()).map(
    (r) => r.ip,
  );

describe('TRUST_PROXY unset (the default)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerIp: 2 } });
  });
  afterAll(() => t.close());

  it('ignores X-Forwarded-For: the per-IP limit holds and the real address is recorded', async () => {
    expect((await signupFrom(t, 'a@example.com', '203.0.113.1')).status).toBe(200);
    expect((await signupFrom(t, 'b@example.com', '203.0.113.2')).status).toBe(200);
    const third = await signupFrom(t, 'c@example.com', '203.0.113.3');
    expect(third.status).toBe(429);
    expect(new Set(await recordedIps(t))).toEqual(new Set(['127.0.0.1']));
  });
});

describe('TRUST_PROXY naming the proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerIp: 2 }, env: { TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => t.close());

  it('takes the client address the proxy forwards', async () => {
    for (const [email, ip] of [
      ['a@example.com', '203.0.113.1'],
      ['b@example.com', '203.0.113.2'],
      ['c@example.com', '203.0.113.3'],
    ] as const)
      expect((await signupFrom(t, email, ip)).status).toBe(200);
    expect((await signupFrom(t, 'd@example.com', '203.0.113.3')).status).toBe(200);
    expect((await signupFrom(t, 'e@example.com', '203.0.113.3')).status).toBe(429);
    expect(new Set(await recordedIps(t))).toEqual(
      new Set(['203.0.113.1', '203.0.113.2', '203.0.113.3']),
    );
  });

  it('does not believe an address the client wrote before the proxy’s', async () => {
    // The proxy appends the address it saw; the client's own entry comes first and is ignored.
    const before = await recordedIps(t);
    await signupFrom(t, 'f@example.com', '198.51.100.7, 203.0.113.9');
    const added = (await recordedIps(t)).filter((ip) => !before.includes(ip));
    expect(added).toEqual(['203.0.113.9']);
  });
});

describe('TRUST_PROXY as a hop count', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('trusts that many proxies in front, and no more', async () => {
    await signupFrom(t, 'a@example.com', '198.51.100.7, 203.0.113.9');
    expect(await recordedIps(t)).toEqual(['203.0.113.9']);
  });
});

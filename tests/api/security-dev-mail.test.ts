import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';

/*
 * Issue 10, section 1: /dev/mail shows everyone's sign-in links, so it exists only in the local
 * environment (APP_ENV=local, or a loopback APP_URL), answers only to this machine's own socket,
 * and is never cached. Any other host is production unless APP_ENV says otherwise.
 */

const signup = (t: TestApp, email: string) =>
  request(t.baseUrl, 'POST', '/api/authorization/signup', { json: { email, name: 'Casey' } });

const newestMailId = async (t: TestApp) =>
  (
    await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow()
  ).id;

describe('an install on a real host name', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The app listens on loopback as every test app does; only APP_URL names a real host.
    t = await startTestApp({
      env: { SMTP_URL: '', APP_URL: 'https://proposals.example.com' },
    });
  });
  afterAll(() => t.close());

  it('is production, and has no /dev/mail for anyone', async () => {
    expect(t.app.ctx.config.appEnv).toBe('production');
    const config = await request(t.baseUrl, 'GET', '/api/config/public');
    expect(config.body).toMatchObject({ appEnv: 'production' });

    expect((await signup(t, 'victim@example.com')).status).toBe(200);
    const id = await newestMailId(t);
    expect((await request(t.baseUrl, 'GET', '/dev/mail')).status).toBe(404);
    const one = await request(t.baseUrl, 'GET', `/dev/mail/${id}`);
    expect(one.status).toBe(404);
    expect(JSON.stringify(one.body)).not.toContain('/signin/');
  });
});

describe('a loopback APP_URL (a developer machine)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: '' } });
  });
  afterAll(() => t.close());

  it('is local: /dev/mail lists and shows the mail, and nothing may cache it', async () => {
    expect(t.app.ctx.config.appEnv).toBe('local');
    expect((await request(t.baseUrl, 'GET', '/api/config/public')).body).toMatchObject({
      appEnv: 'local',
    });
    await signup(t, 'dev@example.com');
    const list = await request(t.baseUrl, 'GET', '/dev/mail');
    expect(list.status).toBe(200);
    expect(list.headers.get('cache-control')).toBe('no-store');
    expect(String(list.body)).toContain('dev@example.com');
    const one = await request(t.baseUrl, 'GET', `/dev/mail/${await newestMailId(t)}`);
    expect(one.status).toBe(200);
    expect(one.headers.get('cache-control')).toBe('no-store');
    expect(String(one.body)).toContain('/signin/');
  });

  it('answers only a loopback socket, whatever X-Forwarded-For says', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: '/dev/mail', remoteAddress, headers });
    expect((await from('127.0.0.1')).statusCode).toBe(200);
    expect((await from('127.0.0.2')).statusCode).toBe(200);
    expect((await from('::1')).statusCode).toBe(200);
    expect((await from('::ffff:127.0.0.1')).statusCode).toBe(200);
    const lan = await from('192.168.1.20');
    expect(lan.statusCode).toBe(404);
    expect(lan.headers['cache-control']).toBe('no-store');
    expect(lan.body).not.toContain('dev@example.com');
    expect((await from('203.0.113.9', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(404);
    expect((await from('::ffff:10.0.0.3')).statusCode).toBe(404);
  });

  it('refuses a page of another site that reached this port by DNS rebinding, or a proxy', async () => {
    await signup(t, 'rebound@example.com');
    // A real socket from this machine, as the browser opens one to a rebound name: only the
    // Host (and a proxy's headers) tell it from the developer's own tab.
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(new URL(path, t.baseUrl), { headers }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
      });
    const id = await newestMailId(t);
    for (const path of ['/dev/mail', `/dev/mail/${id}`]) {
      const rebound = await get(path, { host: 'rebind.attacker.example:3000' });
      expect(rebound.status).toBe(404);
      expect(rebound.body).not.toContain('rebound@example.com');
      expect(rebound.body).not.toContain('/signin/');
      const proxied = await get(path, { host: 'localhost:3000', 'x-forwarded-for': '203.0.113.9' });
      expect(proxied.status).toBe(404);
      expect(
        (await get(path, { host: 'localhost:3000', forwarded: 'for=203.0.113.9' })).status,
      ).toBe(404);
      expect((await get(path, { host: 'localhost:3000', 'x-real-ip': '203.0.113.9' })).status).toBe(
        404,
      );
    }
    // The developer's own tab, straight or through Vite's dev server (which keeps its Host).
    for (const host of ['localhost:3000', 'localhost:5173', '127.0.0.1:3000', '[::1]:3000']) {
      const own = await get('/dev/mail', { host });
      expect(own.status).toBe(200);
      expect(own.body).toContain('rebound@example.com');
    }
  });
});

describe('APP_ENV=local behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        SMTP_URL: '',
        APP_ENV: 'local',
        APP_URL: 'https://dev.example.com',
        TRUST_PROXY: '203.0.113.9',
      },
    });
  });
  afterAll(() => t.close());

  it('still goes by the socket, not the forwarded address', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/dev/mail',
      remoteAddress: '203.0.113.9',
      headers: { 'x-forwarded-for': '127.0.0.1' },
    });
    expect(res.statusCode).toBe(404);
    expect((await request(t.baseUrl, 'GET', '/dev/mail')).status).toBe(200);
  });
});

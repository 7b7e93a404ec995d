import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { request, startTestApp, type TestApp } from './support/test-app';

/** Several app instances share one database: a session made on one works on the others. */
describe('sessions across app instances', () => {
  let a: TestApp;
  let b: FastifyInstance;
  let bUrl: string;
  beforeAll(async () => {
    a = await startTestApp();
    b = await buildApp({
      config: loadConfig({
        DATA_DIR: a.dataDir,
        DATABASE_URL: a.databaseUrl ?? '',
        APP_URL: a.appUrl,
        SMTP_URL: a.mailbox.url,
      }),
      logger: false,
      serveClient: false,
    });
    bUrl = await b.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('signs in on one instance, is recognised and logged out on another', async () => {
    const since = Date.now();
    await request(a.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'two@example.com', name: 'Two Instances' },
    });
    const mail = await a.mailbox.waitFor('two@example.com', { since });
    const token = /\/signin\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const session = await request(bUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    expect(session.status).toBe(200);
    const onA = await request(a.baseUrl, 'GET', '/api/authorization/me', {
      cookie: session.cookie,
    });
    expect((onA.body as { user: { email: string } }).user.email).toBe('two@example.com');
    await request(a.baseUrl, 'POST', '/api/authorization/logout/', { cookie: session.cookie });
    const onB = await request(bUrl, 'GET', '/api/authorization/me', { cookie: session.cookie });
    expect((onB.body as { user: unknown }).user).toBeNull();
  });

  it('a session cookie is Secure when APP_URL is https', async () => {
    const https = await startTestApp({ env: { APP_URL: 'https://app.plansmith.example' } });
    try {
      await request(https.baseUrl, 'POST', '/api/authorization/signup', {
        json: { email: 'secure@example.com', name: 'Secure' },
      });
      const mail = await https.mailbox.waitFor('secure@example.com');
      expect(mail.text).toContain('https://app.plansmith.example/signin/');
      const token = /\/signin\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
      const res = await request(https.baseUrl, 'POST', '/api/authorization/verify/', {
        json: { token },
      });
      expect(res.headers.get('set-cookie')).toMatch(/; Secure/i);
    } finally {
      await https.close();
    }
  });
});

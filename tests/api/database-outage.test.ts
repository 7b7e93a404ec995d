import { randomBytes } from 'node:crypto';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request, startTestApp, type TestApp } from './support/test-app';
import { startTcpProxy, type TcpProxy } from './support/tcp-proxy';
import { accountFor } from './support/users';

/*
 * When the database goes away for a moment (a PostgreSQL restart, a SQLite write lock held past the
 * busy timeout) requests get 503 with a readable message, the process stays up, and requests
 * succeed again once the database is back.
 */
const isPostgres = process.env.TEST_DB === 'postgres';
const signin = (t: TestApp) =>
  request(t.baseUrl, 'POST', '/api/authorization/signin', {
    json: { email: 'outage-db@example.com' },
  });

describe(`database outage (${isPostgres ? 'PostgreSQL restart' : 'SQLite lock'})`, () => {
  let t: TestApp;
  let proxy: TcpProxy | undefined;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    if (!isPostgres) {
      t = await startTestApp({ limits: { authEmailsPerAddress: 100 } });
      return;
    }
    const admin = new URL(process.env.TEST_PG_URL ?? '');
    const name = `t_outage_${randomBytes(4).toString('hex')}`;
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    await client.query(`CREATE DATABASE ${name}`);
    await client.end();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: admin.toString() });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
    proxy = await startTcpProxy(admin.hostname, Number(admin.port || 5432));
    const viaProxy = new URL(admin.toString());
    viaProxy.host = `127.0.0.1:${proxy.port}`;
    viaProxy.pathname = `/${name}`;
    t = await startTestApp({
      env: { DATABASE_URL: viaProxy.toString() },
      limits: { authEmailsPerAddress: 100 },
    });
  });

  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await dropDatabase();
  });

  it('answers 503 while the database is unavailable and recovers after', async () => {
    await accountFor(t, 'outage-db@example.com');
    expect((await signin(t)).status).toBe(200);

    if (proxy) {
      await proxy.down();
      for (let i = 0; i < 3; i++) {
        const res = await signin(t);
        expect(res.status).toBe(503);
        expect((res.body as { message: string }).message).toMatch(/briefly unavailable/);
      }
      await proxy.up();
      // The pool replaces its dead connections; at most one more 503 on the way back.
      const statuses = [(await signin(t)).status, (await signin(t)).status];
      expect(statuses.at(-1)).toBe(200);
    } else {
      const other = new SQLite(path.join(t.dataDir, 'plansmith.sqlite'));
      other.exec('BEGIN EXCLUSIVE');
      try {
        const res = await signin(t);
        expect(res.status).toBe(503);
        expect((res.body as { message: string }).message).toMatch(/briefly unavailable/);
      } finally {
        other.exec('ROLLBACK');
        other.close();
      }
      expect((await signin(t)).status).toBe(200);
    }
    // The process is still serving.
    expect((await request(t.baseUrl, 'GET', '/api/authorization/me')).status).toBe(200);
  }, 30_000);
});

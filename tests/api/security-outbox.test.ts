import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config/config';
import { migrationProvider } from '../../src/server/db/migrations/index';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, tokenFromMail } from './support/users';

/*
 * Issue 10, section 1: no usable sign-in link can be read from the database. Bodies are sealed with the
 * app secret before they are written, and dropped once sent (docs/decisions/0008).
 */

/** Every place the database could hold the needle, read as an attacker with a copy would. */
async function databaseHolds(t: TestApp, needle: string): Promise<string[]> {
  if (t.dbLabel === 'sqlite') {
    const file = path.join(t.dataDir, 'plansmith.sqlite');
    return [file, `${file}-wal`, `${file}-journal`].filter(
      (f) => fs.existsSync(f) && fs.readFileSync(f).includes(needle),
    );
  }
  // PostgreSQL: every row of every table, each column as text.
  const tables = await sql<{ table_name: string }>`
    select table_name from information_schema.tables where table_schema = 'public'`.execute(
    t.app.ctx.db,
  );
  const found: string[] = [];
  for (const { table_name } of tables.rows) {
    const rows = await sql<{
      row: string;
    }>`select t::text as row from ${sql.table(table_name)} t`.execute(t.app.ctx.db);
    if (rows.rows.some((r) => r.row.includes(needle))) found.push(table_name);
  }
  return found;
}

const outboxRow = (t: TestApp, to: string) =>
  t.app.ctx.db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('to_address', '=', to)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();

describe('the outbox over SMTP keeps no link', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50 } });
    await signedInUser(t, 'dana@example.com');
  });
  afterAll(() => t.close());

  it('a sign-in link is delivered, works, and is nowhere in the database', async () => {
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'dana@example.com' },
    });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor('dana@example.com', { since });
    const token = tokenFromMail(mail.text);
    expect(mail.html).toContain(token);

    // Sent: what an operator needs is kept, the body is not.
    await vi.waitFor(
      async () => expect((await outboxRow(t, 'dana@example.com')).status).toBe('sent'),
      { timeout: 15_000 },
    );
    const row = await outboxRow(t, 'dana@example.com');
    expect(row).toMatchObject({ body: null, attempts: 1, last_error: null });
    expect(row.subject).not.toBe('');
    expect(row.sent_at).toBeGreaterThan(0);

    expect(await databaseHolds(t, token)).toEqual([]);
    // The search does read the data: the recipient is there.
    expect(await databaseHolds(t, 'dana@example.com')).not.toEqual([]);

    // The link was live while it sat unread in the database.
    const verify = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    expect(verify.status).toBe(200);
  });

  it('a message waiting for SMTP holds its body sealed, then drops it after the last try', async () => {
    t.mailbox.setRejecting(true);
    try {
      const before = await outboxRow(t, 'dana@example.com');
      await request(t.baseUrl, 'POST', '/api/authorization/signin', {
        json: { email: 'dana@example.com' },
      });
      await vi.waitFor(
        async () => {
          const row = await outboxRow(t, 'dana@example.com');
          expect(row.id).not.toBe(before.id);
          expect(row.attempts).toBeGreaterThan(0);
        },
        { timeout: 15_000 },
      );
      const waiting = await outboxRow(t, 'dana@example.com');
      expect(waiting.id).not.toBe(before.id);
      expect(waiting.status).toBe('pending');
      expect(waiting.body).toMatch(/^v1\./);
      expect(waiting.body).not.toContain('/signin/');
    } finally {
      t.mailbox.setRejecting(false);
    }
  });
});

describe('the outbox without SMTP (local)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: '' }, limits: { authEmailsPerAddress: 50 } });
  });
  afterAll(() => t.close());

  it('shows the link at /dev/mail, yet the database holds only the sealed body', async () => {
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'local@example.com', name: 'Local' },
    });
    const row = await outboxRow(t, 'local@example.com');
    expect(row.status).toBe('logged');
    expect(row.body).toMatch(/^v1\./);
    const page = await request(t.baseUrl, 'GET', `/dev/mail/${row.id}`);
    expect(page.status).toBe(200);
    const token = tokenFromMail(String(page.body));
    expect(await databaseHolds(t, token)).toEqual([]);
    const verify = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    expect(verify.status).toBe(200);
  });
});

describe('the outbox without SMTP outside the local environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: '', APP_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('keeps recipient, subject and state, and no body at all', async () => {
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'prod@example.com', name: 'Prod' },
    });
    const row = await outboxRow(t, 'prod@example.com');
    expect(row).toMatchObject({ status: 'logged', body: null, to_address: 'prod@example.com' });
    expect(row.subject).not.toBe('');
  });
});

describe('the outbox-secrets migration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ startMailWorker: false, env: { SMTP_URL: '' } });
  });
  afterAll(() => t.close());

  it('drops the bodies of sent mail and seals the ones still waiting', async () => {
    const db = t.app.ctx.db;
    const migrator = new Migrator({ db, provider: migrationProvider });
    const down = await migrator.migrateTo('2026-11-21-0003-selections');
    expect(down.error).toBeUndefined();
    const old = (id: string, status: string) =>
      sql`insert into mail_outbox (id, to_address, subject, html, text, status, attempts, next_attempt_at, created_at)
          values (${id}, 'old@example.com', ${status}, ${`<a href="/signin/LINK-${status}">x</a>`},
                  ${`/signin/LINK-${status}`}, ${status}, 0, 0, 0)`.execute(db);
    const ids = {
      sent: '00000000-0000-4000-8000-000000000001',
      failed: '00000000-0000-4000-8000-000000000002',
      pending: '00000000-0000-4000-8000-000000000003',
      logged: '00000000-0000-4000-8000-000000000004',
    };
    for (const [status, id] of Object.entries(ids)) await old(id, status);

    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    await t.app.ctx.mailer.sealLegacyBodies();

    const rows = await db
      .selectFrom('mail_outbox')
      .select(['id', 'status', 'body'])
      .where('to_address', '=', 'old@example.com')
      .execute();
    const byStatus = Object.fromEntries(rows.map((r) => [r.status, r.body]));
    expect(byStatus.sent).toBeNull();
    expect(byStatus.failed).toBeNull();
    expect(byStatus.pending).toMatch(/^v1\./);
    expect(byStatus.logged).toMatch(/^v1\./);
    expect(await t.app.ctx.mailer.readBody(ids.pending)).toEqual({
      html: '<a href="/signin/LINK-pending">x</a>',
      text: '/signin/LINK-pending',
    });
    for (const body of Object.values(byStatus)) expect(body ?? '').not.toContain('LINK');
  });
});

describe('several instances on one database', () => {
  let t: TestApp;
  const others: FastifyInstance[] = [];
  const dirs: string[] = [];
  const secret = 'shared-secret-of-at-least-32-characters';
  beforeAll(async () => {
    t = await startTestApp({ startMailWorker: false, env: { APP_SECRET: secret } });
  });
  afterAll(async () => {
    for (const app of others) await app.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
    await t.close();
  });

  /** Another instance on t's database, with its own DATA_DIR. */
  const instance = async (appSecret: string | undefined) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-other-'));
    dirs.push(dataDir);
    const app = await buildApp({
      config: loadConfig({
        DATA_DIR: t.dbLabel === 'sqlite' ? t.dataDir : dataDir,
        DATABASE_URL: t.databaseUrl ?? '',
        APP_URL: t.appUrl,
        SMTP_URL: t.mailbox.url,
        APP_SECRET: appSecret ?? '',
      }),
      logger: false,
      serveClient: false,
      startMailWorker: false,
    });
    others.push(app);
    return app;
  };
  const enqueue = (app: FastifyInstance, to: string) =>
    app.ctx.mailer.enqueue(app.ctx.db, { to, subject: 'Hello', html: '<p>Hi</p>', text: 'Hi' });
  const rowOf = (id: string) =>
    t.app.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('deliver each other’s mail with the same APP_SECRET', async () => {
    const other = await instance(secret);
    const id = await enqueue(other, 'same@example.com');
    expect(await t.app.ctx.mailer.deliverDue()).toBe(1);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', body: null });
    expect((await t.mailbox.waitFor('same@example.com')).text).toContain('Hi');
  });

  it('fail a message sealed under another APP_SECRET at once, saying why', async () => {
    const other = await instance('another-secret-of-at-least-32-characters');
    const id = await enqueue(other, 'mismatch@example.com');
    expect(await t.app.ctx.mailer.deliverDue()).toBe(0);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'failed', body: null, attempts: 1 });
    expect(row.last_error).toMatch(/APP_SECRET/);
  });
});

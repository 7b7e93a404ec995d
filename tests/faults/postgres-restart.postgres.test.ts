import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pg from 'pg';
import { startCluster, type Cluster } from '../../scripts/test/postgres';
import { proposalUpdateReplySchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from '../api/support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from '../api/support/users';

/*
 * A PostgreSQL restart (`pg_ctl restart -m fast`, as a failover or a minor upgrade does) while
 * five clients save: the app stays up, the requests that lost their connection fail with 503
 * and nothing else, every acknowledged save is in the database, and saves succeed again once the
 * database is back; and an outage (stopped, then started again): /readyz names the database, requests
 * answer 503 with a clear message, and the app and its outbox worker carry on once it is back
 * (decision 0028). This file starts a cluster of its own (it restarts it), so it runs in the
 * PostgreSQL tier only (vitest.config.ts).
 */
const CLIENTS = 5;

describe('a PostgreSQL restart during saves', () => {
  let cluster: Cluster;
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    cluster = await startCluster();
    t = await startTestApp({
      env: { DATABASE_URL: cluster.url },
      captureLogs: true,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'restart@example.com');
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await cluster?.stop();
  });

  it('keeps serving, loses no acknowledged save, and recovers', async () => {
    const ids = await Promise.all(
      Array.from({ length: CLIENTS }, () => createProposal(t, owner, proposalInput())),
    );
    const acked = ids.map(() => 0);
    const statuses = new Set<number>();
    let restarted = false;
    const ackedAfterRestart = ids.map(() => 0);
    let stop = false;

    const client = async (i: number) => {
      const id = ids[i]!;
      let version = 1;
      let n = 0;
      while (!stop) {
        n += 1;
        let res;
        try {
          res = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
            json: { ...proposalInput({ projectName: `save ${n}` }), version },
            cookie: owner.cookie,
          });
        } catch {
          continue; // the connection to the app itself failed: the app would be down
        }
        statuses.add(res.status);
        if (res.status === 200) {
          version = proposalUpdateReplySchema.parse(res.body).version;
          acked[i] = n;
          if (restarted) ackedAfterRestart[i]! += 1;
        } else if (res.status === 409) {
          // A save that committed but whose answer was lost: read the version and go on.
          const cur = await request<{ version: number }>(t.baseUrl, 'GET', `/api/proposal/${id}`, {
            cookie: owner.cookie,
          });
          if (cur.status === 200) version = cur.body.version;
        }
      }
    };
    const running = ids.map((_, i) => client(i));

    await vi.waitFor(() => expect(Math.min(...acked)).toBeGreaterThanOrEqual(3), {
      timeout: 60_000,
      interval: 50,
    });
    await cluster.restart();
    restarted = true;
    await vi.waitFor(() => expect(Math.min(...ackedAfterRestart)).toBeGreaterThanOrEqual(3), {
      timeout: 60_000,
      interval: 100,
    });
    stop = true;
    await Promise.all(running);

    // Only success, a lost database (503) or a lost answer's aftermath (409): never a 500.
    const failures = t.logs().filter((l) => l.includes('"request failed"'));
    expect(
      [...statuses].filter((s) => ![200, 409, 503].includes(s)),
      failures.join('\n'),
    ).toEqual([]);
    const check = new pg.Client({ connectionString: cluster.url });
    await check.connect();
    try {
      for (const [i, id] of ids.entries()) {
        const row = await check.query<{ project_name: string }>(
          'SELECT project_name FROM proposals WHERE id = $1',
          [id],
        );
        const saved = Number(/save (\d+)/.exec(row.rows[0]!.project_name)?.[1]);
        expect(saved).toBeGreaterThanOrEqual(acked[i]!);
      }
    } finally {
      await check.end();
    }
  }, 180_000);

  it('while PostgreSQL is down: /readyz names the database, requests answer 503, and all recovers with the outbox retrying', async () => {
    const id = await createProposal(t, owner, proposalInput());
    // A sign-in link the relay refuses for now: it waits in the outbox for its retry.
    t.mailbox.setRejecting(true);
    const since = Date.now();
    const signin = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: owner.email },
    });
    expect(signin.status).toBe(200);
    const waiting = () =>
      t.app.ctx.db
        .selectFrom('mail_outbox')
        .select(['status', 'attempts'])
        .where('to_address', '=', owner.email)
        .where('created_at', '>=', since)
        .executeTakeFirst();
    await vi.waitFor(async () => expect(await waiting()).toMatchObject({ attempts: 1 }), {
      timeout: 30_000,
      interval: 100,
    });

    await cluster.outage(async () => {
      expect((await request(t.baseUrl, 'GET', '/healthz')).status).toBe(200);
      const ready = await request(t.baseUrl, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.body).toEqual({
        status: 'not ready',
        checks: { database: 'unreachable', migrations: 'unreachable', storage: 'ok' },
      });
      const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
        cookie: owner.cookie,
      });
      expect(read.status).toBe(503);
      expect(read.body).toMatchObject({
        message: 'The service is briefly unavailable. Please try again in a moment.',
      });
      t.mailbox.setRejecting(false);
    });

    // Back without restarting the app: ready, serving, and the waiting mail goes out.
    await vi.waitFor(
      async () => expect((await request(t.baseUrl, 'GET', '/readyz')).status).toBe(200),
      { timeout: 30_000, interval: 200 },
    );
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    expect(read.status).toBe(200);
    const mail = await t.mailbox.waitFor(owner.email, { since, timeoutMs: 60_000 });
    expect(mail.text).toMatch(/\/signin\//);
    // Its row is marked sent just after the relay took it.
    await vi.waitFor(
      async () => expect(await waiting()).toMatchObject({ status: 'sent', attempts: 2 }),
      { timeout: 10_000, interval: 100 },
    );
  }, 180_000);
});

/**
 * Issue 13 section 1: several app instances on one database. Two listening apps share one SQLite
 * file or one PostgreSQL database; requests go to both, as a load balancer would send them. The
 * general request limit, the sign-in e-mail limits, the hourly jobs and the outbox hold for the
 * two together (docs/decisions/0031-limits-and-jobs-across-instances.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHousekeeping } from '../../src/server/auth/housekeeping';
import { analyticsHousekeeping } from '../../src/server/analytics/plugin';
import { catalogueHousekeeping } from '../../src/server/products/housekeeping';
import { reportsHousekeeping } from '../../src/server/reports/housekeeping';
import { proposalHousekeeping } from '../../src/server/proposals/housekeeping';
import { findLease } from '../../src/server/ops/lease-repository';
import { runIfDue, type PeriodicJob } from '../../src/server/ops/periodic-jobs';
import { LOCAL_SHARE, sharedRequestStore } from '../../src/server/http/shared-rate-limit';
import type { Limits } from '../../src/server/context';
import { request, startTestApp, type TestApp } from './support/test-app';
import { accountFor } from './support/users';

const HOUR = 60 * 60 * 1000;

/** Two instances on one database, one clock; the requests stand for clients behind a proxy. */
async function twoInstances(limits: Partial<Limits>, clock: { now: number }, env = {}) {
  const options = {
    limits,
    now: () => clock.now,
    env: { TRUST_PROXY: '127.0.0.1', ...env },
  };
  const a = await startTestApp(options);
  const b = await startTestApp({ ...options, sameDatabaseAs: a });
  return {
    a,
    b,
    close: async () => {
      await b.close();
      await a.close();
    },
  };
}

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

describe('the general request limit', () => {
  const clock = { now: Date.UTC(2026, 10, 25, 9) };
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({ requestsPerMinute: 10 }, clock);
  });
  afterAll(() => pair.close());

  it('holds for requests spread over both instances, then opens again after the minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 === 0 ? pair.a : pair.b;
      const res = await request(app.baseUrl, 'GET', '/api/config/public', from('203.0.113.1'));
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429, 429]);

    const refused = await request(pair.b.baseUrl, 'GET', '/api/config/public', from('203.0.113.1'));
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      statusCode: 429,
      error: 'Too Many Requests',
      message: expect.stringMatching(
        /^Too many requests\. Please wait \d+ seconds and try again\.$/,
      ) as unknown,
      requestId: expect.any(String) as unknown,
    });
    // Another client is counted apart.
    const other = await request(pair.a.baseUrl, 'GET', '/api/config/public', from('203.0.113.2'));
    expect(other.status).toBe(200);

    clock.now += 60_000;
    const later = await request(pair.a.baseUrl, 'GET', '/api/config/public', from('203.0.113.1'));
    expect(later.status).toBe(200);
  });

  it('admits exactly the limit of concurrent requests sent to both instances at once', async () => {
    const all = await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        request(
          (i % 2 === 0 ? pair.a : pair.b).baseUrl,
          'GET',
          '/api/config/public',
          from('203.0.113.3'),
        ),
      ),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(14);
  });
});

describe('the general request limit counted in batches', () => {
  // 300 a minute: each instance decides 3 requests in a row by itself before the database hears.
  const limit = 300;
  const batch = limit / LOCAL_SHARE;
  const clock = { now: Date.UTC(2026, 10, 25, 10) };
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({ requestsPerMinute: limit }, clock);
  });
  afterAll(() => pair.close());

  it('admits the limit and at most a batch more per instance', async () => {
    let admitted = 0;
    for (let i = 0; i < limit + 40; i++) {
      const app = i % 2 === 0 ? pair.a : pair.b;
      const res = await request(app.baseUrl, 'GET', '/api/config/public', from('203.0.113.4'));
      if (res.status === 200) admitted += 1;
      else expect(res.status).toBe(429);
    }
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThanOrEqual(limit + 2 * (batch - 1));
  });

  it('admits no more when its counts reach the database late: a burst within one turn', async () => {
    // Each instance's store, as the general limit uses it. A burst asked in one turn is what a
    // slow database looks like to the store: every flush is still unanswered at the next request.
    const stores = [pair.a, pair.b].map((t) => new (sharedRequestStore(t.app.ctx))({}));
    const ask = (store: (typeof stores)[number], key: string) =>
      new Promise<number>((resolve, reject) =>
        store.incr(
          key,
          (err, result) => (err ? reject(err) : resolve(result!.current)),
          60_000,
          limit,
        ),
      );
    const key = '198.51.100.9';
    await Promise.all(stores.map((store) => ask(store, key))); // each instance knows the window
    const burst = stores.flatMap((store) => Array.from({ length: limit }, () => ask(store, key)));
    const admitted = 2 + (await Promise.all(burst)).filter((current) => current <= limit).length;
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThanOrEqual(limit + 2 * (batch - 1));
  });
});

describe('the sign-in e-mail limits', () => {
  const clock = { now: Date.UTC(2026, 10, 25, 11) };
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({ authEmailsPerAddress: 3, authEmailsPerIp: 6 }, clock, {
      SMTP_URL: '',
    });
  });
  afterAll(() => pair.close());

  it('hold per address for sign-in requests sent to both instances at once', async () => {
    const email = 'busy-estimator@example.com';
    const signup = await request(pair.a.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email, name: 'Busy Estimator' },
      ...from('198.51.100.1'),
    });
    expect(signup.status).toBe(200);
    // Its link opened makes the account (decision 0078); the sign-up's e-mail was the first of 3,
    // so of 8 sign-ins at once, 2 more get one.
    await accountFor(pair.a, email);
    const all = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        request((i % 2 === 0 ? pair.a : pair.b).baseUrl, 'POST', '/api/authorization/signin', {
          json: { email },
          ...from(`198.51.100.${10 + i}`),
        }),
      ),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const refused = all.find((r) => r.status === 429);
    expect((refused?.body as { message: string }).message).toMatch(
      /^We have already sent several login links to this address in the last hour\. Use the newest one in your inbox, or wait \d+ minutes? to ask for another\.$/,
    );
  });

  it('let refused sign-ups racing the owner take none of the address’s e-mails', async () => {
    const email = 'raced-estimator@example.com';
    await accountFor(pair.a, email);
    // On SQLite both apps of this test share one process, and a write waiting on the other's
    // lock (busy_timeout) holds the very event loop that would release it: both fail after 5 s.
    // Separate processes, as deployed, do not; so on SQLite the requests race in one instance.
    const apps = pair.a.dbLabel === 'postgres' ? [pair.a, pair.b] : [pair.a];
    const post = (i: number, route: 'signin' | 'signup', ip: string) =>
      request(apps[i % apps.length]!.baseUrl, 'POST', `/api/authorization/${route}`, {
        json: { email, name: 'Stranger' },
        ...from(ip),
      });
    // 4 sign-ins of the owner and 8 sign-ups of the taken address from strangers, all at once.
    const all = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        i % 3 === 0
          ? post(i, 'signin', `198.51.100.${40 + i}`)
          : post(i, 'signup', `198.51.100.${60 + i}`),
      ),
    );
    const signins = all.filter((_, i) => i % 3 === 0).map((r) => r.status);
    const signups = all.filter((_, i) => i % 3 !== 0).map((r) => r.status);
    // A sign-up is refused before it could count against the address, even for a moment: the
    // owner's sign-ins get the 3 e-mails, and no more.
    expect(signups.every((s) => s === 400)).toBe(true);
    expect(signins.sort()).toEqual([200, 200, 200, 429]);
    const mails = await pair.a.app.ctx.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .execute();
    expect(mails).toHaveLength(3);
  });

  it('hold per client IP across addresses and instances', async () => {
    const all = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        request((i % 2 === 0 ? pair.a : pair.b).baseUrl, 'POST', '/api/authorization/signup', {
          json: { email: `crew${i}@example.com`, name: 'Crew' },
          ...from('198.51.100.99'),
        }),
      ),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });
});

describe('periodic jobs', () => {
  const clock = { now: Date.UTC(2026, 10, 25, 12) };
  let pair: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    pair = await twoInstances({}, clock, { SMTP_URL: '' });
  });
  afterAll(() => pair.close());

  /** The job as scheduled, also noting which instance ran it. */
  function noted(job: PeriodicJob, runs: string[]): PeriodicJob {
    return {
      ...job,
      run: async (ctx) => {
        runs.push(ctx.instanceId);
        await job.run(ctx);
      },
    };
  }

  it('run once per period when both instances look at the same moment', async () => {
    for (const job of [
      authHousekeeping,
      proposalHousekeeping,
      catalogueHousekeeping,
      analyticsHousekeeping,
      reportsHousekeeping,
    ]) {
      const runs: string[] = [];
      const ran = await Promise.all(
        [pair.a, pair.b, pair.a, pair.b].map((t) => runIfDue(t.app.ctx, noted(job, runs))),
      );
      expect(ran.filter(Boolean), job.name).toHaveLength(1);
      expect(runs, job.name).toHaveLength(1);
      const lease = await findLease(pair.a.app.ctx.db, job.name);
      expect(lease).toMatchObject({
        holder: runs[0],
        taken_at: clock.now,
        expires_at: clock.now + job.periodMs,
      });
      // Within the period nobody runs it again.
      expect(await runIfDue(pair.b.app.ctx, job)).toBe(false);
      expect(await runIfDue(pair.a.app.ctx, job)).toBe(false);
    }

    // An hour on, the hourly ones are due again, once.
    clock.now += HOUR;
    const runs: string[] = [];
    const ran = await Promise.all(
      [pair.b, pair.a].map((t) => runIfDue(t.app.ctx, noted(authHousekeeping, runs))),
    );
    expect(ran.filter(Boolean)).toHaveLength(1);
    expect(runs).toHaveLength(1);
    expect(await runIfDue(pair.a.app.ctx, analyticsHousekeeping)).toBe(false);
  });

  it('run elsewhere once the lease of an instance that died has run out', async () => {
    const job: PeriodicJob = { ...authHousekeeping, name: 'dying-holder-check' };
    const third = await startTestApp({
      now: () => clock.now,
      env: { SMTP_URL: '' },
      sameDatabaseAs: pair.a,
    });
    expect(await runIfDue(third.app.ctx, job)).toBe(true);
    const holder = third.app.ctx.instanceId;
    await third.close(); // it never gives the lease back

    clock.now += HOUR / 2;
    expect(await runIfDue(pair.a.app.ctx, job)).toBe(false);
    expect((await findLease(pair.a.app.ctx.db, job.name))?.holder).toBe(holder);

    clock.now += HOUR / 2;
    expect(await runIfDue(pair.a.app.ctx, job)).toBe(true);
    expect((await findLease(pair.a.app.ctx.db, job.name))?.holder).toBe(pair.a.app.ctx.instanceId);
  });
});

describe('the outbox', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await startTestApp({ startMailWorker: false });
    // B sends to A's mailbox, so one mailbox sees what both instances deliver.
    b = await startTestApp({
      startMailWorker: false,
      sameDatabaseAs: a,
      env: { SMTP_URL: a.mailbox.url },
    });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers each message once when both instances send at the same time', async () => {
    const count = 24;
    for (let i = 0; i < count; i++) {
      await a.app.ctx.mailer.enqueue(a.app.ctx.db, {
        to: `client${i}@example.com`,
        subject: `Proposal ${i}`,
        html: `<p>Proposal ${i}</p>`,
        text: `Proposal ${i}`,
      });
    }
    // Each instance's pass takes up to 20 due rows: both see the same rows and race to claim them.
    let sent = 0;
    for (let round = 0; round < 5 && sent < count; round++) {
      const counts = await Promise.all([
        a.app.ctx.mailer.deliverDue(),
        b.app.ctx.mailer.deliverDue(),
      ]);
      sent += counts[0] + counts[1];
    }
    expect(sent).toBe(count);
    const received = a.mailbox.messages();
    expect(received).toHaveLength(count);
    expect(new Set(received.map((m) => m.messageId)).size).toBe(count);
    expect(new Set(received.map((m) => m.to[0])).size).toBe(count);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsHousekeeping } from '../../src/server/analytics/plugin';
import { authHousekeeping } from '../../src/server/auth/housekeeping';
import { defaultLimits } from '../../src/server/context';
import { LOCAL_SHARE } from '../../src/server/http/shared-rate-limit';
import { catalogueHousekeeping } from '../../src/server/products/housekeeping';
import { reportsHousekeeping } from '../../src/server/reports/housekeeping';
import { proposalHousekeeping } from '../../src/server/proposals/housekeeping';
import { commentDigests } from '../../src/server/selections/comment-digest';
import { startCluster, type Cluster, type Instance } from './support/cluster';
import { accountsFor, call, person, until } from './support/people';
import { proved } from './support/proved';

/*
 * Issue 13, section 1: what each process used to keep to itself is now the fleet's (decision
 * 0031). Two instances started at once, as compose starts them, with their first look for
 * periodic jobs two seconds after start, so both look at nearly the same moment.
 */

const jobs = [
  authHousekeeping,
  proposalHousekeeping,
  catalogueHousekeeping,
  analyticsHousekeeping,
  reportsHousekeeping,
  commentDigests,
];

interface LogLine {
  msg?: string;
  job?: string;
  instanceId?: string;
  /** pino's time of the line, ms since the epoch. */
  time?: number;
}

function logLines(c: Cluster, instance: Instance): LogLine[] {
  const file = path.join(c.dir, `instance-${instance.name}.log`);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as LogLine);
}

describe('two instances share their limits and their periodic jobs', () => {
  let c: Cluster;
  let a: Instance;
  let b: Instance;

  beforeAll(async () => {
    c = await startCluster({
      instances: 2,
      env: { JOBS_FIRST_LOOK_MS: '2000', LOG_LEVEL: 'debug' },
    });
    [a, b] = c.instances as [Instance, Instance];
  });
  afterAll(() => c?.stop());

  it('the general request limit counts one client’s requests to both instances together', async () => {
    const limit = defaultLimits.requestsPerMinute;
    // Each instance may decide a batch of a hundredth of the limit before the database hears.
    const slack = 2 * (Math.floor(limit / LOCAL_SHARE) - 1);
    const client = person('nobody@example.com', '203.0.113.77');
    const statuses: number[] = [];
    let refusal: { status: number; body: unknown } | undefined;
    const total = limit + slack + 40;
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < total) {
          const on = next++ % 2 === 0 ? a : b;
          const res = await call(on, client, 'GET', '/api/config/public');
          statuses.push(res.status);
          if (res.status === 429) refusal ??= res;
        }
      }),
    );
    const admitted = statuses.filter((s) => s === 200).length;
    expect(statuses.filter((s) => s !== 200 && s !== 429)).toEqual([]);
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted).toBeLessThanOrEqual(limit + slack);
    expect(refusal?.body).toMatchObject({
      statusCode: 429,
      message: expect.stringMatching(
        /^Too many requests\. Please wait \d+ seconds and try again\.$/,
      ) as unknown,
    });
    // Another client is counted apart, on either instance.
    const other = person('other@example.com', '203.0.113.78');
    expect((await call(b, other, 'GET', '/api/config/public')).status).toBe(200);
    proved(
      `${total} requests of one client over both instances, ${admitted} admitted (limit ${limit} a minute, batch slack ${slack}), the rest 429`,
    );
  });

  it('the sign-in e-mail limit per address holds for sign-ins sent to both at once', async () => {
    const email = 'busy-estimator@example.com';
    const first = person(email, '198.51.100.1');
    const signup = await call(a, first, 'POST', '/api/authorization/signup', {
      email,
      name: 'Busy Estimator',
      companyName: 'Busy Builds',
    });
    expect(signup.status).toBe(200);
    await accountsFor(c.db, [email]);
    const left = defaultLimits.authEmailsPerAddress - 1;
    const tries = left * 2;
    const all = await Promise.all(
      Array.from({ length: tries }, (_, i) =>
        call(
          i % 2 === 0 ? a : b,
          person(email, `198.51.100.${10 + i}`),
          'POST',
          '/api/authorization/signin',
          {
            email,
          },
        ),
      ),
    );
    const statuses = all.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(left);
    expect(statuses.filter((s) => s === 429)).toHaveLength(tries - left);
    expect((all.find((r) => r.status === 429)?.body as { message: string }).message).toMatch(
      /^We have already sent several login links to this address in the last hour\. Use the newest one in your inbox, or wait \d+ minutes? to ask for another\.$/,
    );
    proved(
      `${tries} sign-ins at once over both instances with ${left} e-mails left: ${left} sent, ${tries - left} refused`,
    );
  });

  it('each periodic job runs once across the instances, though both looked', async () => {
    const looked = (instance: Instance, job: string) =>
      logLines(c, instance).some(
        (l) =>
          l.job === job &&
          (l.msg === 'periodic job running' || l.msg === 'periodic job not due here'),
      );
    await until(
      'both instances have looked for every periodic job',
      async () => jobs.every((job) => looked(a, job.name) && looked(b, job.name)),
      60_000,
    );
    // The leases first: every run that took one by then has logged it when the lines are read.
    const leases = await c.db.query<{ name: string; holder: string }>(
      'SELECT name, holder FROM job_leases ORDER BY name',
    );
    const runs = [a, b].flatMap((i) =>
      logLines(c, i)
        .filter((l) => l.msg === 'periodic job running')
        .map((l) => ({
          instance: i.name,
          job: l.job,
          instanceId: l.instanceId,
          time: l.time ?? 0,
        })),
    );
    for (const job of jobs) {
      const ran = runs.filter((r) => r.job === job.name).sort((x, y) => x.time - y.time);
      // Once per period across the fleet: for the hourly and daily jobs that is once in this
      // file's time; the comment digests' minute may come round while it runs (decision 0097).
      expect(ran.length, job.name).toBeGreaterThanOrEqual(1);
      for (let i = 1; i < ran.length; i += 1) {
        expect(ran[i]!.time - ran[i - 1]!.time, job.name).toBeGreaterThanOrEqual(
          job.periodMs - 1000,
        );
      }
      const holder = leases.rows.find((l) => l.name === job.name)?.holder;
      expect(ran.map((r) => r.instanceId)).toContain(holder);
    }
    const byA = runs.filter((r) => r.instance === 'A').length;
    proved(
      `${jobs.length} periodic jobs looked for by both instances at once, each run once per period (${byA} on A, ${runs.length - byA} on B)`,
    );
  });
});

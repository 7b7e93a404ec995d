import { hashSecret, newSecret } from '../src/server/auth/tokens';
import { startCluster } from '../scripts/test/postgres';
import { type AppProcess, startAppProcess } from './app-process';
import { perSecond, timeRequests } from './harness';
import type { Benchmark } from './table';

const REQUESTS = 3000;
const CONCURRENCY = 8;
/** Anonymous and signed-in requests alternate in blocks of this many. */
const BLOCK = 500;

/**
 * What a signed-in request costs over an anonymous one: the session cookie is resolved with one
 * indexed join per request. With 10,000 sessions in the table the ratio should stay close to 1.
 */
export const sessionLookup: Benchmark = {
  name: 'session-lookup',
  title: `GET /api/authorization/me signed in, among 10,000 sessions, time`,
  reference: 'the same request anonymous',
  target: { compare: '<=', ratio: 1.5 },
  runsOnPostgres: true,
  // The app in a process of its own, as it runs for its users: in the benchmark's process the
  // client's requests and the app's would share one event loop and the heap earlier rows grew.
  run: async ({ postgres }) => {
    const cluster = postgres ? await startCluster() : undefined;
    let app: AppProcess | undefined;
    try {
      app = await startAppProcess(cluster ? { databaseUrl: cluster.url } : {});
      const { db, address } = app;
      const now = Date.now();
      const users = Array.from({ length: 10_000 }, (_, i) => ({
        id: `bench-user-${i}`,
        email: `bench${i}@example.com`,
        name: `Bench ${i}`,
        phone_number: '',
        company_name: '',
        role: 'contractor' as const,
        reassign: null,
        company_logo_file_id: null,
        created_at: now,
        last_login_at: null,
      }));
      const secrets = users.map(() => newSecret());
      for (let i = 0; i < users.length; i += 500) {
        await db
          .insertInto('users')
          .values(users.slice(i, i + 500))
          .execute();
        await db
          .insertInto('sessions')
          .values(
            users.slice(i, i + 500).map((u, j) => ({
              id_hash: hashSecret(secrets[i + j]!),
              user_id: u.id,
              created_at: now,
              expires_at: now + 86_400_000,
              last_seen_at: now,
            })),
          )
          .execute();
      }
      const url = `${address}/api/authorization/me`;
      const block = { requests: BLOCK, concurrency: CONCURRENCY };
      const cookie = { cookie: `plansmith_session=${secrets[4321]}` };
      await timeRequests(url, block); // warm-up, both ways
      await timeRequests(url, { ...block, headers: cookie });
      // Alternating blocks, so a change in the machine's load falls on both sides alike rather
      // than on all of one and none of the other.
      let anonymous = 0;
      let signedIn = 0;
      for (let done = 0; done < REQUESTS; done += BLOCK) {
        anonymous += await timeRequests(url, block);
        signedIn += await timeRequests(url, { ...block, headers: cookie });
      }
      return {
        figure: signedIn,
        reference: anonymous,
        unit: 'ms',
        notes: [
          `${REQUESTS} requests × ${CONCURRENCY} concurrent: anonymous ${perSecond(REQUESTS, anonymous)} req/s, signed in ${perSecond(REQUESTS, signedIn)} req/s`,
        ],
      };
    } finally {
      await app?.stop();
      await cluster?.stop();
    }
  },
};

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { hashSecret, newSecret } from '../src/server/auth/tokens';
import { PROPOSAL_LIMITS } from '../src/shared/schemas/proposal';
import { withBenchApp, type BenchResult } from './harness';

const READS = 20;
const CONCURRENT_READS = 4;
const PINGS = 200;

/**
 * The largest proposal the limits allow (decision 0014: 2,000 items, here 10 groups of 200 with
 * a note each) read by its owner while a tiny request is timed beside it: how long one read holds
 * the event loop, and what that costs everybody else. The reference is the same tiny request on
 * the idle server, measured in the same run.
 */
export function largestProposal(): Promise<BenchResult> {
  return withBenchApp(async (app) => {
    const { db } = app.ctx;
    const now = Date.now();
    const secret = newSecret();
    await db
      .insertInto('users')
      .values({
        id: 'bench-owner',
        email: 'owner@example.com',
        name: 'Bench Owner',
        phone_number: '',
        company_name: 'Bench Builds',
        role: 'contractor',
        reassign: null,
        company_logo_file_id: null,
        created_at: now,
        last_login_at: null,
      })
      .execute();
    await db
      .insertInto('sessions')
      .values({
        id_hash: hashSecret(secret),
        user_id: 'bench-owner',
        created_at: now,
        expires_at: now + 86_400_000,
        last_seen_at: now,
      })
      .execute();
    const cookie = `plansmith_session=${secret}`;
    const groups = PROPOSAL_LIMITS.items / PROPOSAL_LIMITS.itemsPerGroup;
    const body = {
      projectName: 'Largest allowed',
      companyName: 'Bench Builds',
      contract: 'Terms. '.repeat(200),
      costGroups: Array.from({ length: groups }, (_, g) => ({
        name: `Group ${g + 1}`,
        values: Array.from({ length: PROPOSAL_LIMITS.itemsPerGroup }, (_, i) => ({
          name: `Item ${g + 1}.${i + 1} with a realistic name`,
          rawCost: String(100 + i),
          costType: 4,
          selection: i % 4 === 0,
          note: 'Supply and install, including haul-away of the old fixture. '.repeat(3),
        })),
      })),
    };
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const created = await fetch(`${address}/api/proposal`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (created.status !== 201)
      throw new Error(`create: ${created.status} ${await created.text()}`);
    const id = await created.text();
    const proposalUrl = `${address}/api/proposal/${id}`;
    const pingUrl = `${address}/api/config/public`;

    const pings = async (count: number) => {
      const times: number[] = [];
      for (let i = 0; i < count; i++) {
        const start = performance.now();
        await (await fetch(pingUrl)).arrayBuffer();
        times.push(performance.now() - start);
      }
      return times.sort((a, b) => a - b);
    };
    const p95 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.95)] ?? 0;

    const first = await fetch(proposalUrl, { headers: { cookie } });
    const bytes = (await first.arrayBuffer()).byteLength;
    await pings(20); // warm-up
    const idle = await pings(PINGS);

    const loop = monitorEventLoopDelay({ resolution: 5 });
    let readMs = 0;
    let next = 0;
    let reading = true;
    loop.enable();
    const readers = Promise.all(
      Array.from({ length: CONCURRENT_READS }, async () => {
        while (next++ < READS) {
          const start = performance.now();
          await (await fetch(proposalUrl, { headers: { cookie } })).arrayBuffer();
          readMs += performance.now() - start;
        }
      }),
    ).finally(() => {
      reading = false;
    });
    const busy: number[] = [];
    while (reading) busy.push(...(await pings(5)));
    await readers;
    loop.disable();
    busy.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(1)} ms`;
    return {
      name: `largest allowed proposal (SQLite, ${PROPOSAL_LIMITS.items} items, ${(bytes / 1024).toFixed(0)} kB of JSON, ${READS} reads × ${CONCURRENT_READS} concurrent)`,
      lines: [
        `one read, mean: ${ms(readMs / READS)}`,
        `event-loop delay while reading: p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`,
        `tiny request p95: idle ${ms(p95(idle))}, beside the reads ${ms(p95(busy))} (${busy.length} requests)`,
        `ratio beside / idle: ${(p95(busy) / p95(idle)).toFixed(1)}`,
      ],
    };
  });
}

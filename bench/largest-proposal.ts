import { Worker } from 'node:worker_threads';
import { startCluster } from '../scripts/test/postgres';
import { PROPOSAL_LIMITS } from '../src/shared/schemas/proposal';
import { type AppProcess, loopDelay, startAppProcess } from './app-process';
import { benchContractor } from './harness';
import { rawGet } from './load';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

/**
 * Idle and busy timed in turn, in rounds (as `typing` does, decision 0070): load from other work
 * on the machine then falls on both sides of the ratio, not on whichever was timed alone.
 */
const ROUNDS = 4;
/** Tiny requests timed on each side, in all; each round times its share. */
const PINGS = 200;
const PINGS_PER_ROUND = PINGS / ROUNDS;
/** Reads at least, in each round; they go on until the round's tiny requests are timed. */
const READS_PER_ROUND = 50;
const CONCURRENT_READS = 4;
/**
 * Untimed reads before the first round's tiny requests are timed beside them, as the idle side
 * has its 20 warm-up pings: on PostgreSQL the first reads at four at a time grow the pool from one
 * connection to four, each new one forked, then preparing and describing the session statement.
 * Later rounds start their readers with one read each.
 */
const WARMUP_READS = 20;

/**
 * The largest proposal the limits allow (decision 0014: 2,000 items, here 10 groups of 200 with
 * a note each) read by its owner while a tiny request is timed beside it: how long one read holds
 * the event loop, and what that costs everybody else. The reference is the same tiny request on
 * the idle server, measured in the same run.
 */
export const largestAllowed: Benchmark = {
  name: 'largest-allowed',
  title: `tiny request p95 while the largest allowed proposal (${PROPOSAL_LIMITS.items} items) is read, ${CONCURRENT_READS} at a time`,
  reference: 'the same tiny request, idle server',
  // Decision 0014's limit: one read of the largest proposal must not stall everyone else.
  target: { compare: '<=', ratio: 5 },
  runsOnPostgres: true,
  // The app in a process of its own: in the benchmark's process, the client's own work on the
  // four 791 kB replies (inflating, buffering) would share the event loop it is timing.
  run: async ({ postgres }) => {
    const cluster = postgres ? await startCluster() : undefined;
    let app: AppProcess | undefined;
    try {
      app = await startAppProcess({
        env: { BENCH_EVENT_LOOP_DELAY: '1' },
        ipc: true,
        ...(cluster ? { databaseUrl: cluster.url } : {}),
      });
      const { address, child } = app;
      const cookie = await benchContractor({ ctx: { db: app.db } });
      const groups = PROPOSAL_LIMITS.items / PROPOSAL_LIMITS.itemsPerGroup;
      const id = await createBenchProposal(address, cookie, {
        groups,
        items: PROPOSAL_LIMITS.itemsPerGroup,
      });
      const proposalUrl = `${address}/api/proposal/${id}`;
      // Read as a browser asks (Brotli) and kept as sent: inflating 791 kB in this process would
      // hold up the timing of the tiny requests below, which is the client's work, not the app's.
      const asBrowser = { cookie, 'accept-encoding': 'br' };
      const pingUrl = `${address}/api/config/public`;

      const pings = async (count: number) => {
        const times: number[] = [];
        for (let i = 0; i < count; i++) {
          const start = performance.now();
          await rawGet(pingUrl, {});
          times.push(performance.now() - start);
        }
        return times.sort((a, b) => a - b);
      };
      const p95 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.95)] ?? 0;

      const bytes = (await rawGet(proposalUrl, { cookie })).body.length;
      const sent = (await rawGet(proposalUrl, asBrowser)).body.length;

      /** One round's busy side: the readers start, and PINGS_PER_ROUND are timed beside them. */
      const busyRound = async (warmup: number) => {
        // The readers are other clients: on a thread of their own, so the work of taking in their
        // 66 kB replies does not hold up this thread's timing of the tiny requests (decision 0048).
        const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
          workerData: {
            url: proposalUrl,
            headers: asBrowser,
            reads: READS_PER_ROUND,
            concurrent: CONCURRENT_READS,
            warmup,
            untilTold: true,
          },
        });
        const message = () =>
          new Promise<{ started?: true; reads?: number; readMs?: number; error?: string }>(
            (resolve, reject) => {
              worker.once('message', resolve);
              worker.once('error', reject);
            },
          );
        const timed: number[] = [];
        let readers: Promise<{ reads?: number; readMs?: number; error?: string }>;
        // Terminated whatever happens: the worker listens for 'enough', which keeps it alive.
        try {
          const started = await message();
          if (started.error) throw new Error(started.error);
          await loopDelay(child, 'reset');
          let reading = true;
          readers = message().finally(() => {
            reading = false;
          });
          // The readers go on (past their reads if need be) until this round's tiny requests
          // are timed beside them.
          let told = false;
          while (reading) {
            timed.push(...(await pings(5)));
            if (!told && timed.length >= PINGS_PER_ROUND) {
              told = true;
              worker.postMessage('enough');
            }
          }
        } finally {
          await worker.terminate();
        }
        const done = await readers;
        if (done.error) throw new Error(done.error);
        // The first PINGS_PER_ROUND, all timed while four reads were under way; later ones may not be.
        return {
          busy: timed.slice(0, PINGS_PER_ROUND),
          extra: timed.length - PINGS_PER_ROUND,
          reads: done.reads ?? 0,
          readMs: done.readMs ?? 0,
          loop: await loopDelay(child, 'read'),
        };
      };

      await pings(20); // warm-up
      const idle: number[] = [];
      const busy: number[] = [];
      let reads = 0;
      let readMs = 0;
      let extra = 0;
      let loopP99 = 0;
      let loopMax = 0;
      for (let round = 0; round < ROUNDS; round++) {
        idle.push(...(await pings(PINGS_PER_ROUND)));
        const result = await busyRound(round === 0 ? WARMUP_READS : 1);
        busy.push(...result.busy);
        reads += result.reads;
        readMs += result.readMs;
        extra += result.extra;
        loopP99 = Math.max(loopP99, result.loop.p99Ms);
        loopMax = Math.max(loopMax, result.loop.maxMs);
      }
      idle.sort((a, b) => a - b);
      busy.sort((a, b) => a - b);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      return {
        figure: p95(busy),
        reference: p95(idle),
        unit: 'ms',
        notes: [
          `${(bytes / 1024).toFixed(0)} kB of JSON, ${(sent / 1024).toFixed(0)} kB as sent (br); one read, mean ${ms(readMs / reads)} over ${reads}`,
          `${ROUNDS} rounds of ${PINGS_PER_ROUND} tiny requests idle, then ${PINGS_PER_ROUND} beside the reads (${extra} more timed and left out)`,
          `the app's event-loop delay while reading: p99 ${ms(loopP99)}, max ${ms(loopMax)} (the worst round)`,
        ],
      };
    } finally {
      await app?.stop();
      await cluster?.stop();
    }
  },
};

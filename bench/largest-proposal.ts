import { Worker } from 'node:worker_threads';
import { startCluster } from '../scripts/test/postgres';
import { PROPOSAL_LIMITS } from '../src/shared/schemas/proposal';
import { type AppProcess, loopDelay, startAppProcess } from './app-process';
import { benchContractor } from './harness';
import { rawGet } from './load';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

/** Reads at least; they go on until as many tiny requests are timed beside them as idle. */
const READS = 200;
const CONCURRENT_READS = 4;
const PINGS = 200;
/**
 * Untimed reads before the tiny requests are timed beside them, as the idle side has its 20
 * warm-up pings: on PostgreSQL the first reads at four at a time grow the pool from one
 * connection to four, each new one forked, then preparing and describing the session statement.
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
      await pings(20); // warm-up
      const idle = await pings(PINGS);

      // The readers are other clients: on a thread of their own, so the work of taking in their
      // 66 kB replies does not hold up this thread's timing of the tiny requests (decision 0048).
      const worker = new Worker(new URL('./read-worker.mjs', import.meta.url), {
        workerData: {
          url: proposalUrl,
          headers: asBrowser,
          reads: READS,
          concurrent: CONCURRENT_READS,
          warmup: WARMUP_READS,
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
      const busy: number[] = [];
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
        // The busy side's p95 from as many samples as the idle side's: the readers go on (past
        // READS if need be) until PINGS tiny requests are timed beside them.
        let told = false;
        while (reading) {
          busy.push(...(await pings(5)));
          if (!told && busy.length >= PINGS) {
            told = true;
            worker.postMessage('enough');
          }
        }
      } finally {
        await worker.terminate();
      }
      const { reads = 0, readMs = 0, error } = await readers;
      if (error) throw new Error(error);
      const loop = await loopDelay(child, 'read');
      // The first PINGS, all timed while four reads were under way; later ones may not be.
      const timed = busy.length;
      busy.splice(PINGS);
      busy.sort((a, b) => a - b);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      return {
        figure: p95(busy),
        reference: p95(idle),
        unit: 'ms',
        notes: [
          `${(bytes / 1024).toFixed(0)} kB of JSON, ${(sent / 1024).toFixed(0)} kB as sent (br); one read, mean ${ms(readMs / reads)} over ${reads}`,
          `the app's event-loop delay while reading: p99 ${ms(loop.p99Ms)}, max ${ms(loop.maxMs)}; ${timed} tiny requests timed meanwhile, the first ${busy.length} kept`,
        ],
      };
    } finally {
      await app?.stop();
      await cluster?.stop();
    }
  },
};

import { monitorEventLoopDelay } from 'node:perf_hooks';
import { PROPOSAL_LIMITS } from '../src/shared/schemas/proposal';
import { benchContractor, withBenchApp } from './harness';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

const READS = 20;
const CONCURRENT_READS = 4;
const PINGS = 200;

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
  run: ({ postgres }) =>
    withBenchApp(
      async (app) => {
        const cookie = await benchContractor(app);
        const address = await app.listen({ port: 0, host: '127.0.0.1' });
        const groups = PROPOSAL_LIMITS.items / PROPOSAL_LIMITS.itemsPerGroup;
        const id = await createBenchProposal(address, cookie, {
          groups,
          items: PROPOSAL_LIMITS.itemsPerGroup,
        });
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
          figure: p95(busy),
          reference: p95(idle),
          unit: 'ms',
          notes: [
            `${(bytes / 1024).toFixed(0)} kB of JSON; one read, mean ${ms(readMs / READS)} over ${READS}`,
            `event-loop delay while reading: p99 ${ms(loop.percentile(99) / 1e6)}, max ${ms(loop.max / 1e6)}`,
          ],
        };
      },
      { postgres },
    ),
};

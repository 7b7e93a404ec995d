import fs from 'node:fs';
import { startCluster } from '../scripts/test/postgres';
import { type AppProcess, startAppProcess } from './app-process';
import { benchContractor } from './harness';
import { load } from './load';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

const CLIENTS = 20;
const SECONDS = 5;

/** Resident memory of a process in bytes, from /proc (Linux). */
const rss = (pid: number) => {
  const line = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(line?.[1] ?? 0) * 1024;
};

/**
 * The server's resident memory at its peak while 20 clients read the 30 × 40 proposal, against
 * the same server idle after one read. The server runs in a process of its own, started as
 * `npm start` starts it, so the figures are the server's alone.
 */
export const memory: Benchmark = {
  name: 'memory',
  title: `server memory while ${CLIENTS} clients read the 30 × 40 proposal`,
  reference: 'the idle server',
  target: { compare: '<=', ratio: 1.5 },
  runsOnPostgres: true,
  run: async ({ postgres }) => {
    const cluster = postgres ? await startCluster() : undefined;
    let app: AppProcess | undefined;
    try {
      app = await startAppProcess(cluster ? { databaseUrl: cluster.url } : {});
      const { child, address } = app;
      const cookie = await benchContractor({ ctx: { db: app.db } });
      const id = await createBenchProposal(address, cookie, { groups: 30, items: 40 });
      const url = `${address}/api/proposal/${id}`;
      await (await fetch(url, { headers: { cookie } })).arrayBuffer();
      const pid = child.pid as number;
      const idle = rss(pid);
      let peak = idle;
      const timer = setInterval(() => {
        peak = Math.max(peak, rss(pid));
      }, 50);
      try {
        await load(url, {
          connections: CLIENTS,
          seconds: SECONDS,
          headers: { cookie, 'accept-encoding': 'br' },
        });
      } finally {
        clearInterval(timer);
      }
      const mb = (n: number) => n / 1024 / 1024;
      return { figure: mb(peak), reference: mb(idle), unit: 'MB' };
    } finally {
      await app?.stop();
      await cluster?.stop();
    }
  },
};

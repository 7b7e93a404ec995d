import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/database';
import { benchContractor } from './harness';
import { load } from './load';
import { createBenchProposal } from './proposals';
import type { Benchmark } from './table';

const CLIENTS = 20;
const SECONDS = 5;

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });

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
  run: async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-bench-memory-'));
    const port = await freePort();
    const address = `http://127.0.0.1:${port}`;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(import.meta.dirname, 'server-process.ts')],
      {
        env: {
          ...process.env,
          DATA_DIR: dataDir,
          APP_ENV: 'local',
          PORT: String(port),
          HOST: '127.0.0.1',
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const database = openDatabase({ dataDir, databaseUrl: undefined });
    try {
      for (;;) {
        if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
        const up = await fetch(`${address}/api/config/public`).then(
          (r) => r.ok,
          () => false,
        );
        if (up) break;
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const cookie = await benchContractor({ ctx: { db: database.db } });
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
      await database.close();
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
};

import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Dialect, openDatabase } from '../src/server/db/database';
import { freePort } from '../scripts/test/postgres';

export interface AppProcess {
  child: ChildProcess;
  address: string;
  /** The app's database, opened beside it (to seed accounts or products straight in). */
  db: ReturnType<typeof openDatabase>['db'];
  dialect: Dialect;
  stop: () => Promise<void>;
}

/**
 * The app in a process of its own on SQLite in a throwaway data directory (bench/server-process.ts),
 * or on the PostgreSQL at `databaseUrl`, answering once `start` resolves: for benchmarks that
 * measure the process itself (memory, event loop) or must not share its event loop with their
 * client. `env` is added to the process's; `ipc` opens a channel to it.
 */
export async function startAppProcess({
  env = {},
  ipc = false,
  databaseUrl,
}: {
  env?: Record<string, string>;
  ipc?: boolean;
  databaseUrl?: string;
} = {}): Promise<AppProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-bench-process-'));
  const port = await freePort();
  const address = `http://127.0.0.1:${port}`;
  const child = spawn(
    process.execPath,
    [
      // `BENCH_CPU_PROFILE=dir npm run bench -- NAME`: the app's CPU profile, written to `dir` when
      // it stops (open it in Chromium's DevTools), to see where a figure's time goes.
      ...(process.env.BENCH_CPU_PROFILE
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROFILE}`]
        : []),
      '--import',
      'tsx',
      path.join(import.meta.dirname, 'server-process.ts'),
    ],
    {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        APP_ENV: 'local',
        PORT: String(port),
        HOST: '127.0.0.1',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
    },
  );
  const stop = async () => {
    await database.close();
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const database = openDatabase({ dataDir, databaseUrl });
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
  } catch (err) {
    await stop();
    throw err;
  }
  return { child, address, db: database.db, dialect: database.dialect, stop };
}

export interface LoopDelay {
  p99Ms: number;
  maxMs: number;
  samples: number;
  /** Event-loop utilization of the app's main thread, 0–1. */
  busy: number;
}

/**
 * Asks an app process started with `BENCH_EVENT_LOOP_DELAY=1` and `ipc` (bench/server-process.ts)
 * for its event-loop delay since the last 'reset'; 'reset' also starts a new count.
 */
export function loopDelay(child: ChildProcess, message: 'reset' | 'read'): Promise<LoopDelay> {
  return new Promise((resolve) => {
    child.once('message', (answer) => resolve(answer as LoopDelay));
    child.send(message);
  });
}

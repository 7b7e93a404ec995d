/**
 * The app in a process of its own (tests/support/app-process.ts: the server `npm start` runs,
 * configured only by its environment, without the built client), answering once `startAppInstance`
 * resolves: for tests that kill, signal or restart an app, or run several on one database.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../../scripts/test/postgres';

export { freePort };

export interface AppInstanceOptions {
  /** Settings as an operator would give them; PORT and HOST are set from `port`. */
  env: Record<string, string>;
  /** The port to listen on (a free one when left out); a restart reuses it. */
  port?: number;
  /** The process logs as `npm start` does (JSON lines) to this file; silent when left out. */
  logFile?: string;
  /** How long it may take to answer GET /healthz. */
  startTimeoutMs?: number;
}

export interface AppInstance {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Settles when the process ends, with its exit code or the signal that ended it. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** Sends the signal and waits for the process to end (at once if it already has). */
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export async function startAppInstance(opts: AppInstanceOptions): Promise<AppInstance> {
  const port = opts.port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const stdout = opts.logFile ? fs.openSync(opts.logFile, 'a') : 'ignore';
  const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/app-process.ts'], {
    env: {
      ...process.env,
      ...opts.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TEST_APP_LOGS: opts.logFile ? '1' : '',
    },
    stdio: ['ignore', stdout, 'inherit'],
  });
  if (typeof stdout === 'number') fs.closeSync(stdout);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  const kill = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  // Ready when it answers; a process that ends by itself fails the test at once.
  const deadline = Date.now() + (opts.startTimeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`The app process on port ${port} ended by itself (${child.exitCode})`);
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await kill('SIGKILL');
      throw new Error(`The app process on port ${port} did not answer within the time allowed`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { child, port, baseUrl, exited, kill };
}

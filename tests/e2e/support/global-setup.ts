/**
 * Starts what the browser tests talk to: a real SMTP mailbox (mail written to a directory the
 * workers read) and the app as a child process, exactly as an operator runs it. Returns the
 * teardown. Workers learn the addresses through E2E_* environment variables.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { startMailbox } from '../../support/smtp-mailbox';
import { startRetailerSite } from './retailer-site';

const root = fileURLToPath(new URL('../../..', import.meta.url));

async function answers(url: string): Promise<boolean> {
  try {
    await fetch(url, { signal: AbortSignal.timeout(1_000) });
    return true;
  } catch {
    return false;
  }
}

function tail(file: string): string {
  return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').slice(-40).join('\n') : '';
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (!fs.existsSync(path.join(root, 'dist', 'client', 'index.html'))) {
    throw new Error(
      'dist/client is missing: build the client first with `npm run build` (vite build).',
    );
  }
  const baseUrl = config.projects[0]?.use.baseURL ?? 'http://127.0.0.1:3210';
  const port = new URL(baseUrl).port;
  if (await answers(baseUrl)) {
    throw new Error(
      `Something already answers on ${baseUrl}: stop it or pick another port with E2E_PORT.`,
    );
  }

  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-e2e-'));
  const mailDir = path.join(work, 'mail');
  const dataDir = path.join(work, 'data');
  const mailbox = await startMailbox({ dir: mailDir });
  const retailer = await startRetailerSite();
  fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const logFile = path.join(root, '.tmp', 'e2e-server.log');
  const log = fs.openSync(logFile, 'w');

  const server = spawn(process.execPath, ['--import', 'tsx', 'tests/e2e/support/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: port,
      HOST: '127.0.0.1',
      APP_URL: baseUrl,
      DATA_DIR: dataDir,
      SMTP_URL: mailbox.url,
      // The loopback shop is the only private address the clipper may fetch from.
      CLIP_ALLOW_HOSTS: retailer.host,
      // SQLite unless asked otherwise: a DATABASE_URL in the shell must not receive test data.
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
    },
    stdio: ['ignore', log, log],
  });
  let exited = false;
  server.once('exit', () => (exited = true));

  const teardown = async () => {
    if (!exited) {
      const gone = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      const timer = setTimeout(() => server.kill('SIGKILL'), 5_000);
      await gone;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    await mailbox.close();
    await retailer.close();
    fs.rmSync(work, { recursive: true, force: true });
  };

  const deadline = Date.now() + 60_000;
  while (!(await answers(`${baseUrl}/api/authorization/me`))) {
    if (exited || Date.now() > deadline) {
      await teardown();
      const why = exited ? 'exited' : 'did not answer within 60 s';
      throw new Error(`The e2e server ${why}. Its log (${logFile}):\n${tail(logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_RETAILER_ORIGIN = retailer.origin;
  return teardown;
}

/**
 * Runs the operators' command line against the e2e server's own database, as an operator would
 * (`npm run cli -- …`), for what only the CLI may do (granting the reassign permission).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const root = fileURLToPath(new URL('../../..', import.meta.url));

export async function runCli(...args: string[]): Promise<string> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir)
    throw new Error(
      'E2E_DATA_DIR is not set: run through `playwright test` (global-setup sets it).',
    );
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', path.join('src', 'server', 'cli', 'main.ts'), ...args],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: process.env.E2E_DATABASE_URL ?? '' },
    },
  );
  return stdout.trim();
}

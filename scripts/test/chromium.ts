/**
 * The browser tier drives Debian's Chromium: Playwright's own browser download cannot work on
 * these machines. Installs it when we may (root), otherwise says exactly what to run.
 */
import fs from 'node:fs';
import { runCommand } from './run-command';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export async function ensureChromium(): Promise<{ ok: boolean; note?: string }> {
  if (fs.existsSync(CHROMIUM_PATH)) return { ok: true };
  const hint = `${CHROMIUM_PATH} is missing: run \`apt-get install -y chromium\` (as root)`;
  if (process.getuid?.() !== 0) {
    console.error(hint);
    return { ok: false, note: 'chromium missing' };
  }
  console.log(`${CHROMIUM_PATH} is missing; installing it with apt-get (about 30 s)`);
  const updated = await runCommand('apt-get', ['update']);
  const installed = updated === 0 ? await runCommand('apt-get', ['install', '-y', 'chromium']) : 1;
  if (installed === 0 && fs.existsSync(CHROMIUM_PATH)) return { ok: true, note: 'installed' };
  console.error(`Installing Chromium failed. ${hint}`);
  return { ok: false, note: 'chromium install failed' };
}

/**
 * `npm start`'s first step: builds the client only when its sources changed since the last build
 * (scripts/build/client-fingerprint.mjs), so a restart with nothing changed starts at once.
 * `FORCE_BUILD=1 npm start` always builds.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { builtFingerprint, clientFingerprint, root } from './client-fingerprint.mjs';

const current = clientFingerprint();
if (!process.env.FORCE_BUILD && builtFingerprint() === current) {
  console.log('Client build is up to date with the sources (dist/client); not rebuilding.');
} else {
  console.log('Client sources changed since the last build: building dist/client');
  const vite = path.join(root, 'node_modules/vite/bin/vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * What the client build is made from, as one hash: every file under src/client and src/shared
 * (the client imports shared code), the Vite and TypeScript configs, the compression step and the
 * lock file (a changed dependency is a changed build). `npm start` rebuilds only when it differs
 * from the hash the last build left in dist/client (README, "Starting").
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// import.meta.url, not dirname: Vite rewrites the former when it bundles its config.
export const root = fileURLToPath(new URL('../..', import.meta.url));
export const outDir = path.join(root, 'dist/client');
export const fingerprintFile = path.join(outDir, '.build-fingerprint');

const inputs = [
  'src/client',
  'src/shared',
  'vite.config.ts',
  'scripts/build/precompress.mjs',
  'scripts/build/index-without-app.mjs',
  'scripts/build/prerender-landing.mjs',
  'scripts/build/prerender-viewer.mjs',
  'scripts/build/viewer-page-files.mjs',
  'tsconfig.json',
  'package-lock.json',
];

/** @param {string} base @param {string} entry @returns {string[]} */
function filesUnder(base, entry) {
  const full = path.join(base, entry);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [entry];
  return fs
    .readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(base, path.join(d.parentPath, d.name)));
}

/** The hash of every input's path and content, in a stable order. */
/** @param {string} [base] @returns {string} */
export function clientFingerprint(base = root) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((entry) => filesUnder(base, entry)).sort()) {
    // Tests beside the code do not go into the build.
    if (/\.test\.tsx?$/.test(file)) continue;
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(base, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** The fingerprint the last complete build recorded, or null. */
/** @returns {string | null} */
export function builtFingerprint() {
  try {
    if (!fs.existsSync(path.join(outDir, 'index.html'))) return null;
    return fs.readFileSync(fingerprintFile, 'utf8').trim();
  } catch {
    return null;
  }
}

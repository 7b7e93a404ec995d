import { defineConfig, type Plugin } from 'vite';
import fs from 'node:fs';
import react from '@vitejs/plugin-react';
import { clientFingerprint, fingerprintFile, outDir } from './scripts/build/client-fingerprint.mjs';
import { precompressDir } from './scripts/build/precompress.mjs';

/** Records what this build was made from, so `npm start` can skip an unchanged rebuild. */
const recordFingerprint = (): Plugin => {
  let fingerprint = '';
  return {
    name: 'plansmith-build-fingerprint',
    apply: 'build',
    // Taken at the start: a source saved during the build makes the next start rebuild.
    buildStart() {
      fingerprint = clientFingerprint();
    },
    closeBundle() {
      // Compressed copies first: the fingerprint marks a build as complete.
      precompressDir(outDir);
      fs.writeFileSync(fingerprintFile, `${fingerprint}\n`);
    },
  };
};

export default defineConfig({
  plugins: [react(), recordFingerprint()],
  root: 'src/client',
  publicDir: 'public',
  build: { outDir: '../../dist/client', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});

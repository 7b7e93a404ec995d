import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { clientFingerprint, fingerprintFile, outDir } from './scripts/build/client-fingerprint.mjs';
import { precompressDir } from './scripts/build/precompress.mjs';
import { prerenderPublicPages } from './scripts/build/prerender-landing.mjs';
import { prerenderViewer } from './scripts/build/prerender-viewer.mjs';
import {
  renderedPages,
  routeAssetsFile,
  type RenderedPageName,
} from './scripts/build/viewer-page-files.mjs';

/** Records what this build was made from, so `npm start` can skip an unchanged rebuild. */
const recordFingerprint = (): Plugin => {
  let fingerprint = '';
  let publicAssets: Parameters<typeof prerenderPublicPages>[0] | undefined;
  return {
    name: 'plansmith-build-fingerprint',
    apply: 'build',
    // Taken at the start: a source saved during the build makes the next start rebuild.
    buildStart() {
      fingerprint = clientFingerprint();
    },
    writeBundle(_options, bundle) {
      publicAssets = publicAssetsOf(bundle);
      for (const [name, routeModule] of Object.entries(renderedPages)) {
        const assets = routeAssets(bundle, routeModule);
        if (assets)
          fs.writeFileSync(routeAssetsFile(name as RenderedPageName), JSON.stringify(assets));
      }
    },
    async closeBundle() {
      if (publicAssets) await prerenderPublicPages(publicAssets);
      if (publicAssets) await prerenderViewer(publicAssets);
      // Compressed copies first: the fingerprint marks a build as complete.
      precompressDir(outDir);
      fs.writeFileSync(fingerprintFile, `${fingerprint}\n`);
    },
  };
};

const islandEntry = path.resolve(import.meta.dirname, 'src/client/prerender/island.ts');

/** What the pages rendered at build time load: the app's entry, the island, their routes' own. */
function publicAssetsOf(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const island = chunks.find((c) => c.isEntry && c.facadeModuleId === islandEntry);
  const landing = routeAssets(bundle, 'features/public/landing-page.tsx');
  const link = routeAssets(bundle, 'features/auth/token-page.tsx');
  if (!app || !island || !landing || !link) return undefined;
  return { app: `/${app.fileName}`, island: `/${island.fileName}`, landing, link };
}

/**
 * A route's own scripts and styles, beyond what index.html already links: the server links them
 * from the route's page (`.viewer-assets.json` and so on) so they download with the entry instead
 * of after it (decisions 0033, 0066 and 0067), and the pages rendered at build time load them
 * with the app.
 */
function routeAssets(bundle: OutputBundle, routeModule: string) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const route = chunks.find((c) => c.facadeModuleId?.endsWith(routeModule));
  if (!app || !route) return undefined;
  const linked = new Set<string>();
  const markLinked = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || linked.has(fileName)) return;
    linked.add(fileName);
    chunk.imports.forEach(markLinked);
  };
  markLinked(app.fileName);
  const entryCss = new Set(app.viteMetadata?.importedCss);
  const scripts: string[] = [];
  const styles = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return;
    seen.add(fileName);
    if (!linked.has(fileName)) scripts.push(`/${fileName}`);
    chunk.viteMetadata?.importedCss.forEach((file) => {
      if (!entryCss.has(file)) styles.add(`/${file}`);
    });
    chunk.imports.forEach(visit);
  };
  visit(route.fileName);
  return { scripts, styles: [...styles] };
}

/**
 * What every page that starts the app uses: React, its scheduler, TanStack Query and the API
 * layer. In one chunk they compress together instead of arriving as five or six small files
 * (decision 0064). React DOM and the router stay in the entry.
 */
const coreModules = [
  /node_modules[\\/](react|scheduler|@tanstack[\\/][\w-]+)[\\/]/,
  /src[\\/]client[\\/]lib[\\/](api|call|call-error|error-text)\.ts$/,
  /src[\\/]shared[\\/]api[\\/](client-routes|endpoint)\.ts$/,
];
const inCoreChunk = (id: string) => coreModules.some((pattern) => pattern.test(id));

/**
 * React Router's package names only its development build, which keeps every dev warning (and
 * the checks behind them) in the bundle; its production build, beside it, differs only in
 * `ENABLE_DEV_WARNINGS = false`, which lets the minifier drop them. Built files use it; the dev
 * server keeps the warnings.
 */
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

export default defineConfig(({ command }) => ({
  plugins: [react(), recordFingerprint()],
  root: 'src/client',
  publicDir: 'public',
  resolve: {
    alias:
      command === 'build' ? [{ find: /^react-router$/, replacement: reactRouterProduction }] : [],
  },
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    // Maps are written for reading a production stack by hand, but not named in each script: the
    // `sourceMappingURL` comment is ~1.3 kB of the viewer's first load as sent (decision 0064).
    sourcemap: 'hidden',
    rollupOptions: {
      input: {
        index: path.resolve(import.meta.dirname, 'src/client/index.html'),
        island: islandEntry,
      },
      output: { codeSplitting: { groups: [{ name: 'core', test: inCoreChunk }] } },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      // The developer's own Host passed on: /dev/mail answers only a Host naming this machine,
      // and the shorthand would write the API's own address in its place whoever asked.
      '/dev': { target: 'http://localhost:3000', changeOrigin: false },
    },
  },
}));

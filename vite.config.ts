import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle } from 'rolldown';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { clientFingerprint, fingerprintFile, outDir } from './scripts/build/client-fingerprint.mjs';
import { precompressDir } from './scripts/build/precompress.mjs';
import { prerenderLanding } from './scripts/build/prerender-landing.mjs';
import { prerenderViewer } from './scripts/build/prerender-viewer.mjs';
import {
  linkSigninAssetsFile,
  renderedPages,
  routeAssetsFile,
  type RenderedPageName,
} from './scripts/build/viewer-page-files.mjs';

/** Records what this build was made from, so `npm start` can skip an unchanged rebuild. */
const recordFingerprint = (): Plugin => {
  let fingerprint = '';
  let landingAssets: Parameters<typeof prerenderLanding>[0] | undefined;
  return {
    name: 'plansmith-build-fingerprint',
    apply: 'build',
    // Taken at the start: a source saved during the build makes the next start rebuild.
    buildStart() {
      fingerprint = clientFingerprint();
    },
    writeBundle(_options, bundle) {
      landingAssets = landingAssetsOf(bundle);
      for (const [name, routeModule] of Object.entries(renderedPages)) {
        writeRouteAssets(bundle, routeModule, routeAssetsFile(name as RenderedPageName));
      }
      writeEntryAssets(bundle, linkSigninEntry, linkSigninAssetsFile);
    },
    async closeBundle() {
      if (landingAssets) await prerenderLanding(landingAssets);
      if (landingAssets) await prerenderViewer(landingAssets);
      // Compressed copies first: the fingerprint marks a build as complete.
      precompressDir(outDir);
      fs.writeFileSync(fingerprintFile, `${fingerprint}\n`);
    },
  };
};

const islandEntry = path.resolve(import.meta.dirname, 'src/client/prerender/island.ts');
const linkSigninEntry = path.resolve(import.meta.dirname, 'src/client/prerender/link-signin.ts');

/** What the prerendered landing links: the app entry, the island, the landing route's styles. */
function landingAssetsOf(bundle: OutputBundle) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const island = chunks.find((c) => c.isEntry && c.facadeModuleId === islandEntry);
  const landing = chunks.find((c) =>
    c.facadeModuleId?.endsWith('features/public/landing-page.tsx'),
  );
  if (!app || !island || !landing) return undefined;
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || seen.has(fileName)) return;
    seen.add(fileName);
    chunk.viteMetadata?.importedCss.forEach((file) => css.add(`/${file}`));
    chunk.imports.forEach(visit);
  };
  // The entry's own styles are already linked by index.html.
  const entryCss = new Set(app.viteMetadata?.importedCss);
  visit(landing.fileName);
  return {
    app: `/${app.fileName}`,
    island: `/${island.fileName}`,
    css: [...css].filter((href) => !entryCss.has(href.slice(1))),
  };
}

/**
 * A route's own scripts and styles, beyond what index.html already links (`.viewer-assets.json`
 * for the viewer, `.shop-assets.json` for the shop page, and so on): the server links them from
 * the route's page so they download with the entry instead of after it (decisions 0033, 0066 and
 * 0067).
 */
function writeRouteAssets(bundle: OutputBundle, routeModule: string, listFile: string) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const app = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'));
  const route = chunks.find((c) => c.facadeModuleId?.endsWith(routeModule));
  if (!app || !route) return;
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
  fs.writeFileSync(listFile, JSON.stringify({ scripts, styles: [...styles] }));
}

/**
 * An entry's script and every chunk it imports, in `listFile` (`{ entry, imports }`): the server
 * links them from the page that runs it (decision 0068).
 */
function writeEntryAssets(bundle: OutputBundle, entryModule: string, listFile: string) {
  const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId === entryModule);
  if (!entry) return;
  const imports = new Set<string>();
  const visit = (fileName: string) => {
    const chunk = bundle[fileName];
    if (!chunk || chunk.type !== 'chunk' || imports.has(`/${fileName}`)) return;
    imports.add(`/${fileName}`);
    chunk.imports.forEach(visit);
  };
  entry.imports.forEach(visit);
  fs.writeFileSync(
    listFile,
    JSON.stringify({ entry: `/${entry.fileName}`, imports: [...imports] }),
  );
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

export default defineConfig({
  plugins: [react(), recordFingerprint()],
  root: 'src/client',
  publicDir: 'public',
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
        'link-signin': linkSigninEntry,
      },
      output: { codeSplitting: { groups: [{ name: 'core', test: inCoreChunk }] } },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000', '/dev': 'http://localhost:3000' } },
});

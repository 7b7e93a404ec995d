/**
 * The viewer's and the shop page's first screens rendered on the server (decisions 0040 and
 * 0066). Writes:
 * - dist/ssr/viewer.mjs: the app tree built with Vite's SSR build, which the server runs for each
 *   page request it may answer (src/client/prerender/viewer.tsx);
 * - dist/client/.{name}-page.html for each of viewer-page-files.mjs's pages: the page around it, with the app's and the
 *   route's styles inline, no script but the island, which asks for the app and its preloads
 *   once the first screen has been painted. The server puts the title and the markup at the marks.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { outDir, root } from './client-fingerprint.mjs';
import { indexWithoutApp, scriptText, styleText } from './index-without-app.mjs';
import {
  BODY_MARK,
  renderedPages,
  routeAssetsFile,
  routePageFile,
  TITLE_MARK,
  viewerRendererFile,
} from './viewer-page-files.mjs';

/**
 * @param {{ app: string, island: string }} assets URL paths of the app's entry script and the
 *   island script, from the client build.
 */
export async function prerenderViewer(assets) {
  await build({
    root: path.join(root, 'src/client'),
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: path.join(root, 'src/client/prerender/viewer.tsx'),
      outDir: path.dirname(viewerRendererFile),
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: path.basename(viewerRendererFile) } },
    },
  });

  for (const name of Object.keys(renderedPages)) {
    writeRoutePage(assets, routeAssetsFile(name), routePageFile(name));
  }
}

/**
 * The page of a route rendered on the server, from index.html and the route's own assets
 * (`listFile`, written by the client build).
 *
 * @param {{ app: string, island: string }} assets
 * @param {string} listFile
 * @param {string} pageFile
 */
function writeRoutePage(assets, listFile, pageFile) {
  const route = JSON.parse(fs.readFileSync(listFile, 'utf8'));
  // As on the landing (decision 0027): the first paint waits for no file but the page itself.
  const { html, css, preloads } = indexWithoutApp(route.styles);
  // The island inline, as on the landing: a press on the first screen is kept from the end of
  // parsing, not only once a file of its own has come (allowed by its hash, decision 0080).
  const island = scriptText(fs.readFileSync(path.join(outDir, assets.island), 'utf8'));
  const page = html
    .replace(/<title>[^<]*<\/title>/, TITLE_MARK)
    .replace('</head>', () => `  <style>${styleText(css)}</style>\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" data-server-rendered>${BODY_MARK}</div>\n` +
        `    <script type="module" data-app="${assets.app}"` +
        ` data-preload="${[...preloads, ...route.scripts].join(' ')}">${island}</script>`,
    );
  fs.writeFileSync(pageFile, page);
}

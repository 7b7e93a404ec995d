/**
 * Writes dist/client/.landing.html: the landing page rendered at build time (decision 0027). The
 * server sends it for / to requests without a session cookie; it links the app's styles but none
 * of its scripts, only a small island that loads the app when the visitor starts using the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import { outDir, root } from './client-fingerprint.mjs';

export const landingFile = path.join(outDir, '.landing.html');

/**
 * @param {{ app: string, island: string, css: string[] }} assets URL paths of the app's entry
 *   script, the island script and the landing route's style sheets, from the client build.
 */
export async function prerenderLanding(assets) {
  const ssrDir = path.join(root, '.tmp', 'prerender');
  await build({
    root: path.join(root, 'src/client'),
    configFile: false,
    logLevel: 'warn',
    plugins: [react()],
    build: {
      ssr: path.join(root, 'src/client/prerender/landing.tsx'),
      outDir: ssrDir,
      emptyOutDir: true,
      rollupOptions: { output: { entryFileNames: 'landing.mjs' } },
    },
  });
  const { renderLanding, SUPPORT_EMAIL_MARK, APP_ENV_MARK } = await import(
    pathToFileURL(path.join(ssrDir, 'landing.mjs')).href
  );
  let body = await renderLanding();
  // React writes the page's <title> where the page renders it; the document head is its place.
  const title = /<title>[^<]*<\/title>/.exec(body)?.[0];
  if (title) body = body.replace(title, '');

  let html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  // On a slow connection every file the first paint waits for costs a round trip: the styles
  // (about 5 kB compressed) go inline, and the zod setting of /zod-config.js is made by the
  // island just before it loads the app.
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
  const css = [...stylesheets.map((m) => m[1]), ...assets.css]
    .map((href) => fs.readFileSync(path.join(outDir, href), 'utf8'))
    .join('\n');
  for (const [tag] of stylesheets) html = html.replace(tag, '');
  const zodConfig = /\s*<!--[^>]*-->\s*<script src="\/zod-config.js"><\/script>/;
  if (!zodConfig.test(html)) throw new Error('index.html no longer loads /zod-config.js');
  html = html
    .replace(zodConfig, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (title) html = html.replace(/<title>[^<]*<\/title>/, title);
  html = html.replace(
    '</head>',
    `  <style>${css.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`,
  );
  const data = JSON.stringify({ supportEmail: SUPPORT_EMAIL_MARK, appEnv: APP_ENV_MARK });
  html = html.replace(
    '<div id="root"></div>',
    `<div id="root">${body}</div>\n    <script type="application/json" id="plansmith-prerender">${data}</script>\n` +
      `    <script type="module" crossorigin src="${assets.island}" data-app="${assets.app}"></script>`,
  );
  if (!html.includes('id="plansmith-prerender"')) throw new Error('index.html has no empty #root');
  fs.writeFileSync(landingFile, html);
}

/**
 * Writes dist/client/.landing.html: the landing page rendered at build time (decision 0027). The
 * server sends it for / to requests without a session cookie; it carries the style rules its own
 * markup uses (decision 0044) but none of the app's scripts, only a small inline island that adds
 * the app's style sheets and loads the app when the visitor starts using the page.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
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
  // On a slow connection every file the first paint waits for costs a round trip: the styles go
  // inline, and the zod setting of /zod-config.js is made by the island just before it loads the
  // app. Inline, only the rules this page's markup uses (decision 0044): the app's whole style
  // sheets are twice the bytes to parse and match before the first paint; the island adds them,
  // in this order, before the app renders anything else.
  const stylesheets = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g)];
  const hrefs = [...stylesheets.map((m) => m[1]), ...assets.css];
  const css = hrefs.map((href) => fs.readFileSync(path.join(outDir, href), 'utf8')).join('\n');
  for (const [tag] of stylesheets) html = html.replace(tag, '');
  const zodConfig = /\s*<!--[^>]*-->\s*<script src="\/zod-config.js"><\/script>/;
  if (!zodConfig.test(html)) throw new Error('index.html no longer loads /zod-config.js');
  html = html
    .replace(zodConfig, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (title) html = html.replace(/<title>[^<]*<\/title>/, title);
  const data = JSON.stringify({ supportEmail: SUPPORT_EMAIL_MARK, appEnv: APP_ENV_MARK });
  // The island inline (decision 0044), allowed by its hash in this page's CSP (the server adds
  // it): as a file it was one more request, which Lighthouse counts into the first paint.
  const island = fs
    .readFileSync(path.join(outDir, assets.island), 'utf8')
    .replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '')
    .replace(/<\/script/gi, '<\\/script');
  html = html.replace(
    '<div id="root"></div>',
    `<div id="root">${body}</div>\n    <script type="application/json" id="plansmith-prerender">${data}</script>\n` +
      `    <script type="module" data-app="${assets.app}" data-styles="${hrefs.join(' ')}">` +
      `${island}</script>`,
  );
  if (!html.includes('id="plansmith-prerender"')) throw new Error('index.html has no empty #root');
  const critical = await criticalCss(html.replace('</head>', `<style>${css}</style></head>`));
  html = html.replace(
    '</head>',
    `  <style>${critical.replace(/<\/style/gi, '<\\/style')}</style>\n  </head>`,
  );
  fs.writeFileSync(landingFile, html);
}

/**
 * The rules of the page's <style> that match an element of its markup (beasties: a rule whose
 * selector matches once its pseudo-classes are set aside stays, so :hover and :focus do too).
 * Only the style text is taken from beasties' output: the page itself stays as rendered.
 * @param {string} page the whole page with every rule in one <style>
 */
async function criticalCss(page) {
  /** @type {string[]} */
  const problems = [];
  const beasties = new Beasties({
    external: false,
    logLevel: 'warn',
    logger: { warn: (message) => problems.push(message), error: (m) => problems.push(m) },
  });
  const style = /<style>([\s\S]*)<\/style>/.exec(await beasties.process(page))?.[1];
  // A rule left out for want of a selector beasties can read could be one the page needs.
  if (problems.length || !style) throw new Error(`critical CSS: ${problems.join('; ') || 'none'}`);
  return style;
}

/**
 * Writes the pages rendered at build time, each with the style rules its own markup uses (decision
 * 0044) and one small inline script instead of the app's:
 * - dist/client/.landing.html, the landing page (decision 0027), sent for / to requests without a
 *   session cookie; its island adds the app's style sheets and loads the app when the visitor
 *   starts using the page;
 * - dist/client/.signin-link.html, the e-mail link's page (decision 0069), which shows the
 *   app's "Signing you in…" screen; its script posts the link's token and goes on to the page the
 *   server names, and loads the app only for what the app must show (an old link, a proposal to
 *   add).
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';
import Beasties from 'beasties';
import { outDir, root } from './client-fingerprint.mjs';
import { indexWithoutApp, scriptText, styleText } from './index-without-app.mjs';

export const landingFile = path.join(outDir, '.landing.html');
export const linkPageFile = path.join(outDir, '.signin-link.html');

/**
 * @param {{ app: string, island: string, landing: RouteAssets, link: RouteAssets }} assets URL
 *   paths of the app's entry script, the island script and the two routes' own scripts and style
 *   sheets, from the client build.
 * @typedef {{ scripts: string[], styles: string[] }} RouteAssets
 */
export async function prerenderPublicPages(assets) {
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
  const { renderPublicPage, SUPPORT_EMAIL_MARK, APP_ENV_MARK } = await import(
    pathToFileURL(path.join(ssrDir, 'landing.mjs')).href
  );
  const data = JSON.stringify({ supportEmail: SUPPORT_EMAIL_MARK, appEnv: APP_ENV_MARK });
  const landing = await writePage(
    await renderPublicPage('/', { session: 'visitor' }),
    assets.landing.styles,
    {
      // As a file the island was one more request, which Lighthouse counts into the first paint.
      script: fs.readFileSync(path.join(outDir, assets.island), 'utf8'),
      attributes: { app: assets.app },
      // The settings the app's first render must match when it hydrates the page.
      data,
    },
  );
  fs.writeFileSync(landingFile, landing);
  // Any token: the screen does not show it. Anyone may open a link, signed in or not: the header
  // waits for the session, as the app's does, and the app renders this page afresh with the
  // session it finds rather than hydrating it (no data).
  const linkScreen = await renderPublicPage('/signin/link/', { session: 'unknown' });
  const link = await writePage(linkScreen, assets.link.styles, {
    script: await bundle(path.join(root, 'src/client/prerender/link-signin.ts')),
    attributes: { app: assets.app, preload: assets.link.scripts },
  });
  fs.writeFileSync(linkPageFile, link);
}

/**
 * index.html around `body` (the app's render of the page), without the app's scripts and style
 * sheets: the rules the markup uses inline, and `script` inline, allowed by its hash in the page's
 * CSP (the server adds it), its `attributes` naming what loads the app (load-app.ts).
 * @param {string} body
 * @param {string[]} routeStyles the route's style sheets beyond index.html's
 * @param {{ script: string, attributes: { app: string, preload?: string[] }, data?: string }} page
 */
async function writePage(body, routeStyles, page) {
  // Inline, only the rules this page's markup uses (decision 0044): the app's whole style sheets
  // are twice the bytes to parse and match before the first paint; the script adds them, in this
  // order, before the app renders anything else.
  let { html, styles, css, preloads } = indexWithoutApp(routeStyles);
  // React writes the page's <title> where the page renders it; the document head is its place.
  const title = /<title>[^<]*<\/title>/.exec(body)?.[0];
  if (title) {
    body = body.replace(title, '');
    html = html.replace(/<title>[^<]*<\/title>/, title);
  }
  const script = scriptText(page.script);
  const { app, preload } = page.attributes;
  // The landing's app is asked for while its style sheets load; the link page's with its preloads.
  const preloadAttribute = preload ? ` data-preload="${[...preloads, ...preload].join(' ')}"` : '';
  const attributes = `data-app="${app}"${preloadAttribute} data-styles="${styles.join(' ')}"`;
  // A function, so that no `$` in the markup is read as a replacement pattern.
  html = html.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${body}</div>\n` +
      (page.data
        ? `    <script type="application/json" id="plansmith-prerender">${page.data}</script>\n`
        : '') +
      `    <script type="module" ${attributes}>${script}</script>`,
  );
  const critical = await criticalCss(html.replace('</head>', `<style>${css}</style></head>`));
  return html.replace('</head>', `  <style>${styleText(critical)}</style>\n  </head>`);
}

/**
 * `entry` and everything it imports in one minified script, to go inline: the client build would
 * share the modules it has in common with the app as chunks of their own.
 * @param {string} entry
 */
async function bundle(entry) {
  const result = await build({
    root: path.join(root, 'src/client'),
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    build: {
      write: false,
      minify: true,
      // Nothing it imports reads a property with side effects (a getter): what it leaves unused
      // of a shared module, such as paths.ts's tables, stays out.
      rollupOptions: {
        input: entry,
        output: { format: 'es' },
        treeshake: { propertyReadSideEffects: false },
      },
    },
  });
  const outputs = Array.isArray(result) ? result : [result];
  const chunks = outputs.flatMap((o) => ('output' in o ? o.output : []));
  const chunk = chunks.find((c) => c.type === 'chunk' && c.isEntry);
  if (!chunk || chunks.filter((c) => c.type === 'chunk').length !== 1)
    throw new Error(`${entry} did not bundle into one script`);
  return chunk.code;
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

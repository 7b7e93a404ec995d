/**
 * The start of every page written at build time (the landing, the e-mail link's page, the pages
 * the server renders): the client build's index.html without what loads the app. On a slow
 * connection every file the first paint waits for costs a round trip (decision 0027), so the
 * style sheets go inline and the app's scripts are asked for by the page's own script, later.
 */
import fs from 'node:fs';
import path from 'node:path';
import { outDir } from './client-fingerprint.mjs';

const STYLESHEET = /<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*href="([^"]+)"[^>]*>/g;
// Its zod setting is made just before the app loads (src/client/prerender/load-app.ts).
const ZOD_CONFIG = /\s*<!--[^>]*-->\s*<script src="\/zod-config.js"><\/script>/;

/**
 * index.html without its style sheets, /zod-config.js, module scripts and module preloads.
 * @param {string[]} routeStyles the route's own style sheets, beyond index.html's
 * @returns {{ html: string, styles: string[], css: string, preloads: string[] }} the page; the
 *   style sheets' paths, index.html's then the route's, and their text in that order; the paths
 *   index.html preloaded
 */
export function indexWithoutApp(routeStyles) {
  let html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
  const stylesheets = [...html.matchAll(STYLESHEET)];
  const styles = [...stylesheets.map((m) => m[1]), ...routeStyles];
  const css = styles.map((href) => fs.readFileSync(path.join(outDir, href), 'utf8')).join('\n');
  for (const [tag] of stylesheets) html = html.replace(tag, '');
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]);
  if (!ZOD_CONFIG.test(html)) throw new Error('index.html no longer loads /zod-config.js');
  html = html
    .replace(ZOD_CONFIG, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  if (!/<title>[^<]*<\/title>/.test(html)) throw new Error('index.html has no <title>');
  if (!html.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');
  return { html, styles, css, preloads };
}

/**
 * `css` as the text of a <style> element: nothing in it can close the element.
 * @param {string} css
 */
export const styleText = (css) => css.replace(/<\/style/gi, '<\\/style');

/**
 * A built script as it goes inline in a `<script>` element: without its source map comment (the
 * map names a file the page does not load) and with nothing that would close the element.
 * @param {string} code
 */
export const scriptText = (code) =>
  code.replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '').replace(/<\/script/gi, '<\\/script');

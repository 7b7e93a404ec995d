import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium, type Browser } from '@playwright/test';
import { build } from 'vite';
import { paths } from '../src/shared/paths';
import { clientDir } from '../src/server/web/client-files';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/support/chromium';
import { benchContractor, withBenchApp } from './harness';
import { createBenchProposal } from './proposals';
import type { Benchmark, Measurement } from './table';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The reference: a bare React 19 + React DOM production build (one element rendered into a root)
 * built with the project's own Vite and React, its scripts gzipped. Built once per run.
 */
let bareReact: Promise<number> | undefined;
function bareReactGzipped(): Promise<number> {
  bareReact ??= (async () => {
    const dir = path.join(root, '.tmp', 'bench-bare-react');
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div><script type="module" src="./main.js"></script></body></html>',
    );
    fs.writeFileSync(
      path.join(dir, 'main.js'),
      "import { createElement } from 'react';\nimport { createRoot } from 'react-dom/client';\n" +
        "createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));\n",
    );
    await build({
      root: dir,
      configFile: false,
      logLevel: 'silent',
      build: { outDir: path.join(dir, 'dist'), emptyOutDir: true },
    });
    const assets = path.join(dir, 'dist', 'assets');
    return fs
      .readdirSync(assets)
      .filter((f) => f.endsWith('.js'))
      .reduce((sum, f) => sum + zlib.gzipSync(fs.readFileSync(path.join(assets, f))).length, 0);
  })();
  return bareReact;
}

/** Bytes of script a fresh browser receives (as transferred, compression counted) for a page. */
async function scriptBytes(
  browser: Browser,
  url: string,
  cookie?: { name: string; value: string; url: string },
): Promise<{ bytes: number; files: number; inline: number }> {
  const context = await browser.newContext();
  if (cookie) await context.addCookies([cookie]);
  const page = await context.newPage();
  const sizes: Promise<number>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    const size = request.sizes().then((s) => s.responseBodySize);
    sizes.push(size);
    // FIRST_LOAD_FILES=1 lists each file: what to look at when the row moves.
    if (process.env.FIRST_LOAD_FILES)
      void size.then((n) =>
        console.log(`  ${(n / 1024).toFixed(2).padStart(7)} kB  ${request.url()}`),
      );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Script written into the page (the landing's island, decision 0044) is script shipped too:
  // counted as its gzip alone, a little more than its share of the compressed page.
  const inline = await page.$$eval('script:not([src])', (scripts) =>
    scripts.map((s) => s.textContent ?? '').filter((text) => text.trim() !== ''),
  );
  const inlineBytes = inline.reduce((sum, text) => sum + zlib.gzipSync(text).length, 0);
  const all = await Promise.all(sizes);
  await context.close();
  return {
    bytes: all.reduce((a, b) => a + b, 0) + inlineBytes,
    files: all.length,
    inline: inline.length,
  };
}

function firstLoad(
  name: string,
  title: string,
  ratio: number,
  pagePath: (address: string, cookie: string) => Promise<{ path: string; signedIn: boolean }>,
): Benchmark {
  return {
    name,
    title,
    reference: 'bare React 19 + React DOM build, gzipped',
    target: { compare: '<=', ratio },
    databaseBound: false,
    usesChromium: true,
    run: () =>
      withBenchApp(
        async (app): Promise<Measurement> => {
          if (!fs.existsSync(path.join(clientDir, 'index.html')))
            throw new Error('The client is not built: run `npm run build` first.');
          const reference = await bareReactGzipped();
          const cookie = await benchContractor(app);
          const address = await app.listen({ port: 0, host: '127.0.0.1' });
          const target = await pagePath(address, cookie);
          const browser = await chromium.launch({
            executablePath: CHROMIUM_PATH,
            args: CHROMIUM_ARGS,
          });
          try {
            const [cookieName, cookieValue] = cookie.split('=') as [string, string];
            const ours = await scriptBytes(
              browser,
              address + target.path,
              target.signedIn ? { name: cookieName, value: cookieValue, url: address } : undefined,
            );
            return {
              figure: ours.bytes / 1024,
              reference: reference / 1024,
              unit: 'kB',
              notes: [`${ours.files} script files as transferred, ${ours.inline} inline`],
            };
          } finally {
            await browser.close();
          }
        },
        { serveClient: true },
      ),
  };
}

export const firstLoadLanding = firstLoad(
  'first-load-landing',
  'first-load JavaScript, landing page, fresh browser',
  1.2,
  async () => ({ path: paths.home(), signedIn: false }),
);

export const firstLoadViewer = firstLoad(
  'first-load-viewer',
  'first-load JavaScript, proposal viewer (owner), fresh browser',
  2.0,
  async (address, cookie) => ({
    path: paths.proposal(await createBenchProposal(address, cookie, { groups: 3, items: 5 })),
    signedIn: true,
  }),
);

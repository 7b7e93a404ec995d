import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { matchPath } from 'react-router';
import { canonicalPath, routePatterns } from '../../shared/paths';
import { NOT_FOUND } from '../http/errors';
import { clientDir } from './client-files';
import { preferredEncoding, type Encoding } from '../http/encoding';
import { OPERATOR_PATHS } from '../ops/health-routes';
import { SESSION_COOKIE } from '../auth/sessions';
import type { PublicConfig } from '../../shared/schemas/public-config';
import { loadShopPage, loadViewerPage } from './viewer-page';
const knownPatterns = Object.values(routePatterns);

export const isKnownClientPath = (pathname: string) =>
  knownPatterns.some((pattern) => matchPath({ path: pattern, end: true }, pathname) !== null);

const isPagePath = (pathname: string) =>
  !OPERATOR_PATHS.has(pathname) &&
  !pathname.startsWith('/api/') &&
  !pathname.startsWith('/dev/') &&
  !pathname.startsWith('/assets/') &&
  !/\.[A-Za-z0-9]+$/.test(pathname);

/**
 * Serves the built client: hashed assets with a long cache, every page path with index.html
 * (404 status for paths no screen answers, so crawlers and monitors see the truth), and the
 * docs/product/routes.md redirects that add a trailing slash and collapse double slashes.
 */
const webRoutesPlugin: FastifyPluginAsync<{ serveClient: boolean }> = async (app, opts) => {
  // A callback hook: it runs on every request and returns at once for all but page paths
  // (decision 0048).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const raw = request.raw.url ?? '/';
    const q = raw.indexOf('?');
    const pathname = q === -1 ? raw : raw.slice(0, q);
    if (!isPagePath(pathname.replace(/\/{2,}/g, '/'))) return done();
    const canonical = canonicalPath(pathname);
    if (!canonical) return done();
    void reply.redirect(canonical + (q === -1 ? '' : raw.slice(q)), 301);
  });

  const indexHtml = opts.serveClient ? readIndex() : undefined;
  const viewerHtml = indexHtml
    ? readRouteIndex(indexHtml.identity, '.viewer-assets.json')
    : undefined;
  const shopHtml = indexHtml ? readRouteIndex(indexHtml.identity, '.shop-assets.json') : undefined;
  const landingHtml = opts.serveClient
    ? readLanding({ supportEmail: app.ctx.config.supportEmail, appEnv: app.ctx.config.appEnv })
    : undefined;
  const viewerPage = viewerHtml ? await loadViewerPage(app.ctx) : undefined;
  const shopPage = shopHtml ? await loadShopPage(app.ctx) : undefined;
  if (opts.serveClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      index: false,
      // The build writes .br and .gz beside each file (scripts/build/precompress.mjs).
      preCompressed: true,
      // One route per built file, added at start: anything else falls to the page handler below.
      wildcard: false,
      allowedPath: (pathName) => pathName !== '/index.html' && !pathName.startsWith('/.'),
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    if (
      !indexHtml ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !isPagePath(pathname)
    ) {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: NOT_FOUND, requestId: request.id });
    }
    // The token page must not leak its URL to anything it loads.
    if (pathname.startsWith('/signin/')) reply.header('referrer-policy', 'no-referrer');
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    // Decision 0027: a visit to / without a session gets the prerendered landing page, which
    // loads the app only when used; a session (even a stale one) gets the app, which knows.
    const proposalId = viewerHtml ? viewedProposalId(pathname) : undefined;
    // Decision 0033: the viewer's page links its route's scripts, and the proposal's JSON is
    // asked for at once (the same request the page makes, so the browser hands it over), so
    // neither waits for the entry script to run first.
    if (proposalId)
      reply.header('link', `</api/proposal/${proposalId}>; rel=preload; as=fetch; crossorigin`);
    // Decision 0066: the shop page likewise, with its selections.
    const shoppedId = shopHtml ? shoppedProposalId(pathname) : undefined;
    if (shoppedId)
      reply.header(
        'link',
        `</api/proposal/${shoppedId}/selections>; rel=preload; as=fetch; crossorigin`,
      );
    // Decisions 0040 and 0066: a signed-in reader the API would answer gets the first screen
    // rendered.
    const render =
      proposalId && viewerPage
        ? () => viewerPage.render(request, proposalId, pathname)
        : shoppedId && shopPage
          ? () => shopPage.render(request, shoppedId, pathname)
          : undefined;
    const rendered =
      render && request.user && request.method === 'GET' ? await render() : undefined;
    if (rendered !== undefined) {
      const html = Buffer.from(rendered);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .status(200)
        .header('cache-control', 'private, no-store')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8')
        .send(encoding === 'identity' ? html : await compressPage(html, encoding));
    }
    const landing = landingHtml && pathname === '/' && !request.cookies[SESSION_COOKIE];
    const page = landing
      ? landingHtml
      : proposalId && viewerHtml
        ? viewerHtml
        : shoppedId && shopHtml
          ? shopHtml
          : indexHtml;
    // Decision 0044: the landing's island is inline; this page alone also allows it by its hash.
    const policy = reply.getHeader('content-security-policy');
    if (landing && landingHtml.scriptHash && typeof policy === 'string')
      reply.header(
        'content-security-policy',
        policy.replace(/script-src 'self'/, `script-src 'self' ${landingHtml.scriptHash}`),
      );
    const body = page[encoding];
    if (encoding !== 'identity' && body) reply.header('content-encoding', encoding);
    return reply
      .status(isKnownClientPath(pathname) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .header('vary', landingHtml ? 'accept-encoding, cookie' : 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body ?? page.identity);
  });
};

export const webRoutes = fp(webRoutesPlugin);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A page made per request (decision 0040): about 50 kB, most of it the inline styles. */
function compressPage(html: Buffer, encoding: Exclude<Encoding, 'identity'>): Promise<Buffer> {
  if (encoding === 'gzip') return gzip(html, { level: 6 });
  return brotli(html, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
    },
  });
}

function readIndex(): Partial<Record<Encoding, Buffer>> & { identity: Buffer } {
  const file = path.join(clientDir, 'index.html');
  if (!fs.existsSync(file)) {
    throw new Error(
      `The client is not built: ${file} is missing. Run \`npm run build\` (npm start does it for you).`,
    );
  }
  const variant = (suffix: string) =>
    fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined;
  return { identity: fs.readFileSync(file), br: variant('.br'), gzip: variant('.gz') };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The proposal id in a page path of `pattern` (`/proposal/:id/…`), when it can be one. */
const proposalIdIn =
  (pattern: string) =>
  (pathname: string): string | undefined => {
    const id = matchPath({ path: pattern, end: true }, pathname)?.params.id;
    return id !== undefined && UUID.test(id) ? id : undefined;
  };
const viewedProposalId = proposalIdIn(routePatterns.proposal);
const shoppedProposalId = proposalIdIn(routePatterns.proposalSelections);

/**
 * index.html with a route's own scripts and styles linked (listed by the build in `listFile`,
 * `.viewer-assets.json` or `.shop-assets.json`), compressed once at start. Undefined when the
 * build wrote no list.
 */
function readRouteIndex(
  index: Buffer,
  listFile: string,
): (Partial<Record<Encoding, Buffer>> & { identity: Buffer }) | undefined {
  const file = path.join(clientDir, listFile);
  if (!fs.existsSync(file)) return undefined;
  const assets = JSON.parse(fs.readFileSync(file, 'utf8')) as {
    scripts: string[];
    styles: string[];
  };
  const links = [
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ].join('\n    ');
  const html = index.toString('utf8');
  if (!html.includes('</head>')) return undefined;
  const identity = Buffer.from(html.replace('</head>', `    ${links}\n  </head>`));
  return {
    identity,
    br: zlib.brotliCompressSync(identity),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

// Inside the JSON script: JSON's own escaping, and no `<` that could close the element.
const escapeJsonString = (text: string) =>
  JSON.stringify(text).slice(1, -1).replace(/</g, '\\u003c');

/**
 * The prerendered landing (scripts/build/prerender-landing.mjs) with this server's public
 * settings in place of the build's stand-ins, compressed once at start. Undefined when the build
 * did not write one.
 */
function readLanding(
  config: PublicConfig,
): (Partial<Record<Encoding, Buffer>> & { identity: Buffer; scriptHash?: string }) | undefined {
  const file = path.join(clientDir, '.landing.html');
  if (!fs.existsSync(file)) return undefined;
  const marks: Record<string, string> = {
    'plansmith-support-email-mark': config.supportEmail,
    'plansmith-app-env-mark': config.appEnv,
  };
  const [head = '', data = ''] = fs
    .readFileSync(file, 'utf8')
    .split(/(?=<script type="application\/json" id="plansmith-prerender">)/);
  const fill = (text: string, escape: (value: string) => string) =>
    text.replace(/plansmith-(?:support-email|app-env)-mark/g, (mark) => escape(marks[mark]!));
  const identity = Buffer.from(fill(head, escapeHtml) + fill(data, escapeJsonString));
  const island = /<script type="module"[^>]*>([\s\S]+?)<\/script>/.exec(identity.toString())?.[1];
  return {
    identity,
    scriptHash: island && `'sha256-${createHash('sha256').update(island).digest('base64')}'`,
    br: zlib.brotliCompressSync(identity),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

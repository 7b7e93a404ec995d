import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { matchPath } from 'react-router';
import {
  canonicalPath,
  receivedIt,
  routePatterns,
  serverRenderedPageAt,
  signinTokenAt,
} from '../../shared/paths';
import { NOT_FOUND } from '../http/errors';
import { clientDir } from './client-files';
import { preferredEncoding, type Encoding } from '../http/encoding';
import { OPERATOR_PATHS } from '../ops/health-routes';
import { sessionCookie } from '../auth/sessions';
import type { PublicConfig } from '../../shared/schemas/public-config';
import {
  routeAssetsFile,
  routePageFile,
  type RenderedPageName,
} from '../../../scripts/build/viewer-page-files.mjs';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { memberAccessNow } from '../proposals/access';
import { loadShopPage, loadViewerPage, type RenderedPage } from './viewer-page';
import { allowInlineScripts, inlineScriptHashes } from './inline-script';
import type { RateLimitHook } from '../http/general-rate-limit';

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
const webRoutesPlugin: FastifyPluginAsync<{
  serveClient: boolean;
  /** The general per-IP limit, which Fastify's routes get and its page handler does not. */
  pageRateLimit: RateLimitHook;
}> = async (app, opts) => {
  // A callback hook: it runs on every request and returns at once for all but page paths
  // (decision 0048).
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return done();
    const raw = request.raw.url ?? '/';
    const q = raw.indexOf('?');
    const pathname = q === -1 ? raw : raw.slice(0, q);
    if (!isPagePath(pathname.replace(/\/{2,}/g, '/'))) return done();
    // No page has a backslash, and a browser reads the Location `/\host/` as another site's.
    if (pathname.includes('\\')) return done();
    const canonical = canonicalPath(pathname);
    if (!canonical) return done();
    // The token is in this answer's Location too: it goes nowhere as a Referer either.
    if (isSigninLink(canonical)) reply.header('referrer-policy', 'no-referrer');
    void reply.redirect(canonical + (q === -1 ? '' : raw.slice(q)), 301);
  });

  const indexHtml = opts.serveClient ? readIndex() : undefined;
  const publicConfig = {
    supportEmail: app.ctx.config.supportEmail,
    appEnv: app.ctx.config.appEnv,
  };
  const landingHtml = opts.serveClient ? readPrerendered('.landing.html', publicConfig) : undefined;
  const linkHtml = opts.serveClient
    ? readPrerendered('.signin-link.html', publicConfig)
    : undefined;
  const proposalPages = indexHtml ? await loadProposalPages(app.ctx, indexHtml.identity) : [];
  const sessionName = sessionCookie(app.ctx.config).name;
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

  // Pages count against the general limit as API requests do (built files do not): a rendered
  // viewer or shop page costs a read and a render.
  app.setNotFoundHandler({ preValidation: opts.pageRateLimit }, async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    // The token page must not leak its URL to anything it loads. In any letter case, as the page
    // opens in any (signinTokenAt), and whatever is answered: the token is in the URL either way.
    if (isSigninLink(pathname)) reply.header('referrer-policy', 'no-referrer');
    if (
      !indexHtml ||
      (request.method !== 'GET' && request.method !== 'HEAD') ||
      !isPagePath(pathname)
    ) {
      return reply
        .status(404)
        .send({ statusCode: 404, error: 'Not Found', message: NOT_FOUND, requestId: request.id });
    }
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    // Decision 0027: a visit to / without a session gets the prerendered landing page, which
    // loads the app only when used; a session (even a stale one) gets the app, which knows.
    const shown = await proposalPageAt(app.ctx, proposalPages, pathname, request.user);
    // Decisions 0033 and 0066: a proposal's page links its route's scripts, and the data its
    // first screen shows is asked for at once (the same request the page makes, so the browser
    // hands it over), so neither waits for the entry script to run first.
    if (shown)
      reply.header('link', `<${shown.page.data(shown.id)}>; rel=preload; as=fetch; crossorigin`);
    // Decisions 0040, 0066 and 0067: a signed-in reader the API would answer gets the first
    // screen rendered.
    const rendered =
      shown?.page.rendered && request.user && request.method === 'GET'
        ? await shown.page.rendered.render(request, shown.id, pathname)
        : undefined;
    if (rendered !== undefined) {
      const html = Buffer.from(rendered);
      // Its island is inline (decision 0080).
      allowInlineScripts(reply, shown?.page.rendered?.scriptHashes ?? []);
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return reply
        .status(200)
        .header('cache-control', 'private, no-store')
        .header('vary', 'accept-encoding, cookie')
        .type('text/html; charset=utf-8')
        .send(encoding === 'identity' ? html : await compressPage(html, encoding));
    }
    const landing = landingHtml && pathname === '/' && !request.cookies[sessionName];
    const link = linkHtml && isSigninLink(pathname);
    const page = landing ? landingHtml : link ? linkHtml : (shown?.page.html ?? indexHtml);
    // Decisions 0044 and 0068: the landing's and the link page's scripts are inline; each page
    // alone also allows its own by its hash.
    allowInlineScripts(reply, page.scriptHashes ?? []);
    const body = page[encoding];
    if (encoding !== 'identity' && body) reply.header('content-encoding', encoding);
    return (
      reply
        .status(isKnownClientPath(pathname) ? 200 : 404)
        // The link page's address holds a sign-in token: no cache keeps a copy under it.
        .header('cache-control', link ? 'no-store' : 'no-cache')
        .header('vary', landingHtml ? 'accept-encoding, cookie' : 'accept-encoding')
        .type('text/html; charset=utf-8')
        .send(body ?? page.identity)
    );
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

function readIndex(): Page {
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

/** A proposal's page whose data is asked for with it and whose first screen may be rendered. */
interface ProposalPageRoute {
  /** Its files' name, and its path pattern in serverRenderedRoutes. */
  name: RenderedPageName;
  /** The API read its first screen shows. */
  data: (id: string) => string;
  load: (ctx: AppContext, pageFile: string) => Promise<RenderedPage | undefined>;
  /**
   * The received view's paths, for those the proposal was sent or shared to (decision 0093): the
   * app sends anyone else to /signin/, so they get the app's page and nothing is read for them.
   */
  receivedOnly?: boolean;
}

const proposalRead = (id: string) => `/api/proposal/${id}`;
const selectionsRead = (id: string) => `/api/proposal/${id}/selections`;

const PROPOSAL_PAGES: readonly ProposalPageRoute[] = [
  {
    name: 'viewer',
    data: proposalRead,
    load: loadViewerPage,
  },
  {
    name: 'shop',
    data: selectionsRead,
    load: loadShopPage,
  },
  {
    name: 'received',
    data: proposalRead,
    load: loadViewerPage,
    receivedOnly: true,
  },
  {
    name: 'received-shop',
    data: selectionsRead,
    load: loadShopPage,
    receivedOnly: true,
  },
];

interface ProposalPage extends ProposalPageRoute {
  /** index.html linking the route's own scripts and styles. */
  html: Page;
  /** The server's render of its first screen, when the build wrote one. */
  rendered: RenderedPage | undefined;
}

/** The proposal pages the build wrote assets for, read and compressed once at start. */
async function loadProposalPages(ctx: AppContext, index: Buffer): Promise<ProposalPage[]> {
  const pages = await Promise.all(
    PROPOSAL_PAGES.map(async (route) => {
      const html = readRouteIndex(index, routeAssetsFile(route.name));
      if (!html) return undefined;
      return {
        ...route,
        html,
        rendered: await route.load(ctx, routePageFile(route.name)),
      };
    }),
  );
  return pages.filter((page) => page !== undefined);
}

/** The proposal page at `pathname` for this caller, with the proposal's id. */
async function proposalPageAt(
  ctx: AppContext,
  pages: readonly ProposalPage[],
  pathname: string,
  user: UserRow | null,
): Promise<{ page: ProposalPage; id: string } | undefined> {
  const at = serverRenderedPageAt(pathname);
  const page = at && pages.find((p) => p.name === at.name);
  if (!at || !page) return undefined;
  if (page.receivedOnly && !(user && (await receivedBy(ctx, at.id, user.id)))) return undefined;
  return { page, id: at.id };
}

/** Whether the proposal was sent or shared to this person, whatever their account's role. */
async function receivedBy(ctx: AppContext, proposalId: string, userId: string): Promise<boolean> {
  const access = await memberAccessNow(ctx.db, proposalId, userId);
  return access !== null && receivedIt(access.role);
}

const isSigninLink = (pathname: string) => signinTokenAt(pathname) !== undefined;

/**
 * index.html with a route's own scripts and styles linked (listed by the build in `listFile`,
 * `.viewer-assets.json`, `.shop-assets.json` and so on), compressed once at start. Undefined
 * when the build wrote no list.
 */
function readRouteIndex(index: Buffer, listFile: string): Page | undefined {
  if (!fs.existsSync(listFile)) return undefined;
  const assets = JSON.parse(fs.readFileSync(listFile, 'utf8')) as {
    scripts: string[];
    styles: string[];
  };
  return withHeadTags(index, [
    ...assets.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
    ...assets.styles.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`),
  ]);
}

/** A page's bytes in each encoding, and the hashes of its inline scripts. */
type Page = Partial<Record<Encoding, Buffer>> & { identity: Buffer; scriptHashes?: string[] };

/** index.html with `tags` at the end of its head, compressed once at start. */
function withHeadTags(index: Buffer, tags: string[]): Page | undefined {
  const html = index.toString('utf8');
  if (!html.includes('</head>')) return undefined;
  const identity = Buffer.from(
    html.replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`),
  );
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
 * A page rendered at build time (scripts/build/prerender-landing.mjs: the landing, the e-mail
 * link's page) with this server's public settings in place of the build's stand-ins, compressed
 * once at start. Undefined when the build did not write it.
 */
function readPrerendered(name: string, config: PublicConfig): Page | undefined {
  const file = path.join(clientDir, name);
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
  return {
    identity,
    scriptHashes: inlineScriptHashes(identity.toString()),
    br: zlib.brotliCompressSync(identity),
    gzip: zlib.gzipSync(identity, { level: 9 }),
  };
}

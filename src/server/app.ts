import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import type { Config } from './config/config';
import { openDatabase, migrateToLatest, type Database } from './db/database';
import { type AppContext, type Limits, defaultLimits } from './context';
import { COMPRESSED_BODY, HttpError, registerErrorHandling } from './http/errors';
import { registerSameOriginCheck } from './http/same-origin';
import { registerJsonBody } from './http/json-body';
import { registerReplyBytes } from './http/reply-bytes';
import { registerCompression } from './http/compression';
import { PERMISSIONS_POLICY } from './http/permissions-policy';
import { helmetHeaders, registerSecurityHeaders } from './http/security-headers';
import { loadAppSecret } from './config/app-secret';
import { printCookieKey, keepPrintKey } from './signing/print-access';
import { mailBodyKey } from './mail/sealed-body';
import { requestSerializer } from './http/log-redaction';
import { createMailer } from './mail/mailer';
import { createStorage } from './files/create-storage';
import { sessionPlugin } from './auth/session-plugin';
import { authRoutes } from './auth/routes';
import { accountRoutes } from './auth/account-routes';
import { reportRoutes } from './reports/routes';
import { storeServerError } from './reports/service';
import { devMailRoutes } from './mail/dev-routes';
import { fileRoutes } from './files/routes';
import { webRoutes } from './web/routes';
import { builtFilePaths } from './web/client-files';
import { publicConfigRoutes } from './web/public-config-routes';
import { apiDocsRoutes } from './web/api-docs-routes';
import { startHousekeeping } from './auth/housekeeping';
import { proposalRoutes } from './proposals/routes';
import { startProposalHousekeeping } from './proposals/housekeeping';
import { startCatalogueHousekeeping } from './products/housekeeping';
import { startReportsHousekeeping } from './reports/housekeeping';
import { startCommentDigests } from './selections/comment-digest';
import { commentEmailsKey, keepCommentEmailsKey } from './selections/comment-emails-link';
import {
  commentEmailsOneClickRoute,
  commentEmailsRoutes,
} from './selections/comment-emails-routes';
import { sendingRoutes } from './sending/routes';
import { memberRoutes } from './members/routes';
import { signingRoutes } from './signing/routes';
import { productRoutes } from './products/routes';
import { seedCatalogue } from './products/seed-catalogue';
import { registerOwnTurns } from './http/turns';
import { createPageParser } from './products/clip/page-parser';
import { selectionRoutes } from './selections/routes';
import { registerAnalytics } from './analytics/plugin';
import { registerRequestLog, requestAwareLogger } from './ops/request-log';
import { createMetrics, registerHttpMetrics, serveMetrics } from './ops/metrics';
import { registerHealthRoutes, type Lifecycle } from './ops/health-routes';
import { sharedRequestStore } from './http/shared-rate-limit';
import { registerGeneralRateLimit, tooManyRequests } from './http/general-rate-limit';

export const BAD_URL = 'This address is not valid.';
export const URL_TOO_LONG = 'This address is too long.';

export interface BuildOptions {
  config: Config;
  /** Pino options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  limits?: Partial<Limits>;
  now?: () => number;
  /** Serve the built client from dist/client (off in API tests). */
  serveClient?: boolean;
  /** Start the outbox delivery loop (off in tests that drive it by hand). */
  startMailWorker?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    lifecycle: Lifecycle;
  }
}

/**
 * A hop count trusts that many proxies in front of the app whatever their addresses (a platform
 * whose proxies have no fixed address); Fastify itself treats a bare number as "trust nobody".
 */
function trustProxyOption(
  setting: Config['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.logLevel,
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
            serializers: { req: requestSerializer },
          },
    genReqId: () => randomUUID(),
    requestIdHeader: false,
    // While draining, ops/health-routes.ts answers (503 but for the probes) instead of Fastify.
    return503OnClosing: false,
    // X-Forwarded-For is believed only from the proxies TRUST_PROXY names (none by default): a
    // client that could set it would pick its own IP for the rate limits and the signing log.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A path with a broken %-escape, or a path parameter over find-my-way's 100 characters, is
    // refused before routing, so before the error handler: answer it in the API's one error
    // shape too (found by the fuzz tier, decision 0017).
    frameworkErrors: (err, request, reply) => {
      const [status, error, message] =
        err.code === 'FST_ERR_BAD_URL'
          ? [400, 'Bad Request', BAD_URL]
          : err.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? [414, 'URI Too Long', URL_TOO_LONG]
            : [err.statusCode ?? 500, 'Error', err.message];
      void (reply as unknown as FastifyReply).status(status).send({
        statusCode: status,
        error,
        message,
        requestId: request.id,
      });
    },
  });

  let database: Database | undefined;
  database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onPoolError: (err) => app.log.warn({ err }, 'database connection lost'),
  });
  await migrateToLatest(database.db);
  await seedCatalogue({ db: database.db, now: opts.now ?? Date.now });
  const pool = database.pool;

  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    log: requestAwareLogger(app.log),
    now: opts.now ?? Date.now,
    limits: { ...defaultLimits, ...opts.limits },
    mailer: undefined as never,
    storage: createStorage(config),
    metrics: createMetrics(),
    pageParser: createPageParser({
      onPoolError: (err) =>
        app.log.error({ err }, 'a clip worker failed; the next clip starts another'),
    }),
    instanceId: randomUUID(),
  };
  const appSecret = loadAppSecret(config);
  ctx.mailer = createMailer(ctx, mailBodyKey(appSecret));
  keepPrintKey(ctx, printCookieKey(appSecret));
  keepCommentEmailsKey(ctx, commentEmailsKey(appSecret));
  await ctx.mailer.sealLegacyBodies();
  app.decorate('ctx', ctx);
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('lifecycle', lifecycle);
  // First: a request of a route taking its own turn waits for it before any hook works.
  registerOwnTurns(app);
  registerRequestLog(app);
  registerHealthRoutes(app, ctx, lifecycle);
  registerHttpMetrics(app, ctx.metrics, {
    db: ctx.db,
    pool,
    onError: (err) => app.log.warn({ err }, 'metrics could not read the outbox'),
  });

  const securityHeaders = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'upgrade-insecure-requests': config.secureCookies ? [] : null,
      },
    },
    strictTransportSecurity: config.secureCookies,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  registerSecurityHeaders(app, { ...securityHeaders, 'permissions-policy': PERMISSIONS_POLICY });
  registerSameOriginCheck(app, config.appUrl);

  await app.register(cookie);
  // Request bodies are never inflated: a small compressed upload must not become a large one
  // behind the limits.
  app.addHook('onRoute', (routeOptions) => {
    routeOptions.decompress ??= false;
  });
  app.addHook('onRequest', (request, _reply, done) => {
    const encoding = request.headers['content-encoding'];
    done(
      encoding && encoding.toLowerCase() !== 'identity'
        ? new HttpError(415, COMPRESSED_BODY)
        : undefined,
    );
  });
  await registerCompression(app);
  const builtFiles = opts.serveClient ? builtFilePaths() : new Set<string>();
  // Counted in the database, so the limit holds across instances (decision 0031).
  const generalLimit = {
    max: ctx.limits.requestsPerMinute,
    timeWindow: 60_000,
    store: sharedRequestStore(ctx),
  };
  // The general limit is counted by our own hook (decision 0056); the plugin keeps the routes
  // with a limit of their own, merging these settings into theirs as before.
  await app.register(rateLimit, {
    global: false,
    ...generalLimit,
    // If the database cannot count, the request goes on and its own database use answers 503.
    skipOnError: true,
    errorResponseBuilder: (_req, context) => tooManyRequests(context.ttl),
  });
  const pageRateLimit = registerGeneralRateLimit(app, {
    ...generalLimit,
    // One page load fetches dozens of built files: they do not count against the limit.
    allow: (request) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      builtFiles.has(request.url.split('?')[0] ?? ''),
  });

  registerErrorHandling(app, (err, requestId, url) => storeServerError(ctx, err, requestId, url));
  registerJsonBody(app);
  await app.register(sessionPlugin);
  await app.register(authRoutes, { prefix: '/api/authorization' });
  await app.register(accountRoutes, { prefix: '/api/authorization' });
  await app.register(reportRoutes, { prefix: '/api/reports' });
  await app.register(fileRoutes, { prefix: '/api/files' });
  await app.register(proposalRoutes, { prefix: '/api/proposal' });
  await app.register(sendingRoutes, { prefix: '/api/proposal' });
  await app.register(memberRoutes, { prefix: '/api/proposal' });
  await app.register(signingRoutes, { prefix: '/api/proposal' });
  await app.register(selectionRoutes, { prefix: '/api/proposal' });
  await app.register(commentEmailsRoutes, { prefix: '/api' });
  await app.register(commentEmailsOneClickRoute);
  await app.register(productRoutes, { prefix: '/api/products' });
  await app.register(publicConfigRoutes, { prefix: '/api/config' });
  await app.register(apiDocsRoutes, { prefix: '/api' });
  const metricsServer = await serveMetrics(app, ctx.metrics, config.metrics);
  if (config.appEnv === 'local') await app.register(devMailRoutes, { prefix: '/dev' });
  await app.register(webRoutes, { serveClient: opts.serveClient ?? false, pageRateLimit });

  if (opts.startMailWorker ?? true) ctx.mailer.startWorker();
  const stopHousekeeping = startHousekeeping(ctx);
  const stopProposalHousekeeping = startProposalHousekeeping(ctx);
  const stopCatalogueHousekeeping = startCatalogueHousekeeping(ctx);
  const stopReportsHousekeeping = startReportsHousekeeping(ctx);
  const stopCommentDigests = startCommentDigests(ctx);
  app.addHook('onClose', async () => {
    stopHousekeeping();
    stopProposalHousekeeping();
    stopCatalogueHousekeeping();
    stopReportsHousekeeping();
    stopCommentDigests();
    await ctx.mailer.stop();
    await metricsServer?.close();
    await ctx.pageParser.close();
    await database?.close();
    database = undefined;
  });
  registerAnalytics(app); // its onClose (run first) lets pending event writes finish
  // After analytics: some of its rules read a reply as text before it is compressed.
  registerReplyBytes(app);
  return app;
}

import scalar from '@scalar/fastify-api-reference';
import type { FastifyPluginAsync } from 'fastify';
import { docs } from '../../shared/api/docs';
import { route } from '../http/route';
import { openApiDocument } from '../http/openapi';
import { allowInlineScripts, inlineScriptHashes } from './inline-script';

/**
 * Scalar's light theme draws secondary text, method names and JSON literals below 4.5:1 on its
 * backgrounds (axe color-contrast): darker shades of the same hues, light mode only.
 */
const SCALAR_CONTRAST_CSS = `.light-mode {
  --scalar-color-2: #4a4a4a;
  --scalar-color-3: #595959;
  --scalar-color-green: #13703a;
  --scalar-color-blue: #1a5fb4;
  --scalar-color-orange: #9a4a00;
  --scalar-color-red: #b3261e;
  --scalar-color-yellow: #7a5c00;
  --scalar-color-purple: #6a3eb0;
}`;

/**
 * Registered at prefix /api (decision 0016): GET /api/openapi.json, generated from the contract
 * once at start-up, and GET /api/docs, Scalar's reference page with its script served from the
 * package (no CDN, no web fonts). Both public, in every environment.
 */
export const apiDocsRoutes: FastifyPluginAsync = async (app) => {
  const document = JSON.stringify(openApiDocument(app.ctx.config));

  route(app, docs.openapi, async (_request, reply) =>
    reply
      .type('application/json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(document),
  );

  // Scalar's page starts itself with one inline script; the app's CSP allows scripts from 'self'
  // only, so this page alone also allows that script by its hash (nothing else is loosened).
  app.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' || !request.url.split('?')[0]?.startsWith(docs.reference.path))
      return payload;
    allowInlineScripts(reply, inlineScriptHashes(payload));
    // Scalar's page names no language; screen readers need it (axe html-has-lang).
    return payload.replace(/<html(?![^>]*\blang=)/i, '<html lang="en"');
  });

  await app.register(scalar, {
    routePrefix: '/docs',
    logLevel: 'warn',
    configuration: {
      url: docs.openapi.path,
      pageTitle: 'Plansmith API reference',
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never',
      defaultOpenAllTags: true,
      customCss: SCALAR_CONTRAST_CSS,
    },
  });
};

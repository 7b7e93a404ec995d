import type { FastifyPluginCallback } from 'fastify';
import { config } from '../../shared/api/config';
import type { PublicConfig } from '../../shared/schemas/public-config';
import { route } from '../http/route';

/**
 * GET /api/config/public (registered at prefix /api/config). The support address is an operator
 * setting (SUPPORT_EMAIL), so the browser asks for it instead of having it baked into the bundle.
 */
export const publicConfigRoutes: FastifyPluginCallback = (app, _opts, done) => {
  route(app, config.public, async (_request, reply) => {
    // Settings change only on restart; five minutes of caching spares a request per page view.
    void reply.header('cache-control', 'public, max-age=300');
    const body: PublicConfig = {
      supportEmail: app.ctx.config.supportEmail,
      appEnv: app.ctx.config.appEnv,
    };
    return body;
  });
  done();
};

import type { FastifyPluginAsync } from 'fastify';
import { requireReader } from '../proposals/access';
import { signing } from '../../shared/api/signing';
import type { SignReply } from '../../shared/schemas/signing';
import { route } from '../http/route';
import { onceForKey, saveKeyOf } from '../idempotency/keys';
import { noStore } from '../proposals/http';
import { grantPrintAccess } from './print-access';
import { sign, signingLog } from './service';
import { personOrClient } from '../http/general-rate-limit';

/** Registered at prefix /api/proposal: signing (docs/product/signing.md), the signing log and print access. */
export const signingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  // Each attempt decodes an image; a person signs a handful of times at most.
  route(
    app,
    signing.sign,
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 10 * 60_000,
          keyGenerator: personOrClient('sign'),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      const body = request.body;
      const saveKey = saveKeyOf(request, 'sign', request.body);
      // A retry answers the first signedAt instead of 'Already signed.' (decision 0015).
      return onceForKey(
        ctx.db,
        saveKey,
        () => ctx.now(),
        // A replay is checked like a first try: who lost access since learns nothing.
        async (recorded) => {
          await requireReader(ctx, request.user, id);
          return JSON.parse(recorded) as SignReply;
        },
        () =>
          sign(
            ctx,
            request.user,
            id,
            body,
            { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' },
            saveKey,
          ),
      );
    },
  );

  route(app, signing.log, async (request, reply) => {
    const { proposalId } = request.body;
    noStore(reply);
    return signingLog(ctx, request.user, proposalId);
  });

  route(app, signing.printAccess, async (request, reply) => {
    noStore(reply);
    return grantPrintAccess(ctx, request.user, request.params.id, reply);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { requireReader } from '../proposals/access';
import {
  logBodySchema,
  signBodySchema,
  type PrintAccessReply,
  type SignReply,
  type SigningLog,
} from '../../shared/schemas/signing';
import { parse } from '../http/validate';
import { onceForKey, saveKeyOf } from '../idempotency/keys';
import { idParam, noStore } from '../proposals/http';
import { grantPrintAccess, loadPrintKey } from './print-access';
import { sign, signingLog } from './service';

/** Registered at prefix /api/proposal: signing (docs/product/signing.md), the signing log and print access. */
export const signingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  await loadPrintKey(ctx);

  // Each attempt decodes an image; a person signs a handful of times at most.
  app.post(
    '/sign/:id',
    {
      config: {
        rateLimit: {
          max: 30,
          timeWindow: 10 * 60_000,
          keyGenerator: (request) => (request.user ? `sign:${request.user.id}` : request.ip),
        },
      },
    },
    async (request): Promise<SignReply> => {
      const id = idParam(request.params);
      const body = parse(signBodySchema, request.body);
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

  app.post('/log', async (request, reply): Promise<SigningLog> => {
    const { proposalId } = parse(logBodySchema, request.body);
    noStore(reply);
    return signingLog(ctx, request.user, proposalId);
  });

  app.post('/:id/print-access', async (request, reply): Promise<PrintAccessReply> => {
    const id = idParam(request.params);
    noStore(reply);
    return grantPrintAccess(ctx, request.user, id, reply);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { sending } from '../../shared/api/sending';
import { route } from '../http/route';
import { noStore } from '../proposals/http';
import { invite, members, removeAccess } from './service';
import { personOrClient } from '../http/general-rate-limit';

/** Each invitation lands in someone's inbox. */
export const INVITES_PER_WINDOW = { max: 60, windowMs: 10 * 60_000 };

/** Registered at prefix /api/proposal: invitations and the member list of the Team area. */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(
    app,
    sending.invite,
    {
      config: {
        rateLimit: {
          max: INVITES_PER_WINDOW.max,
          timeWindow: INVITES_PER_WINDOW.windowMs,
          keyGenerator: personOrClient('invite'),
        },
      },
    },
    async (request) => invite(ctx, request.user, request.params.id, request.body),
  );

  route(app, sending.members, async (request, reply) => {
    noStore(reply);
    return members(ctx, request.user, request.params.id);
  });

  route(app, sending.removeMember, async (request) => {
    await removeAccess(ctx, request.user, request.params.id, request.params.userId);
    return { ok: true as const };
  });
};

import type { FastifyPluginAsync } from 'fastify';
import {
  inviteBodySchema,
  memberParamsSchema,
  type InviteReply,
  type MembersReply,
} from '../../shared/schemas/sending';
import { notFound } from '../http/errors';
import { parse } from '../http/validate';
import { idParam, noStore } from '../proposals/http';
import { invite, members, removeAccess } from './service';

/** Each invitation lands in someone's inbox. */
export const INVITES_PER_WINDOW = { max: 60, windowMs: 10 * 60_000 };

/** Registered at prefix /api/proposal: invitations and the member list of the Team area. */
export const memberRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post(
    '/:id/invite',
    {
      config: {
        rateLimit: {
          max: INVITES_PER_WINDOW.max,
          timeWindow: INVITES_PER_WINDOW.windowMs,
          keyGenerator: (request) => (request.user ? `invite:${request.user.id}` : request.ip),
        },
      },
    },
    async (request): Promise<InviteReply> => {
      const id = idParam(request.params);
      const body = parse(inviteBodySchema, request.body);
      return invite(ctx, request.user, id, body);
    },
  );

  app.get('/:id/members', async (request, reply): Promise<MembersReply> => {
    const id = idParam(request.params);
    noStore(reply);
    return members(ctx, request.user, id);
  });

  app.delete('/:id/members/:userId', async (request) => {
    const params = memberParamsSchema.safeParse(request.params);
    if (!params.success) throw notFound();
    await removeAccess(ctx, request.user, params.data.id, params.data.userId);
    return { ok: true as const };
  });
};

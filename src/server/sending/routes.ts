import type { FastifyPluginAsync } from 'fastify';
import { requireReader } from '../proposals/access';
import { sending } from '../../shared/api/sending';
import type { SendReply } from '../../shared/schemas/sending';
import { route } from '../http/route';
import { onceForKey, saveKeyOf } from '../idempotency/keys';
import { sendProposal } from './service';
import { personOrClient } from '../http/general-rate-limit';

/** Each send lands in someone's inbox: plenty for resends while editing, not for spamming. */
export const SENDS_PER_WINDOW = { max: 60, windowMs: 10 * 60_000 };

/** Registered at prefix /api/proposal (docs/product/sending.md POST /api/proposal/send). */
export const sendingRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(
    app,
    sending.send,
    {
      config: {
        rateLimit: {
          max: SENDS_PER_WINDOW.max,
          timeWindow: SENDS_PER_WINDOW.windowMs,
          keyGenerator: personOrClient('send'),
        },
      },
    },
    async (request) => {
      const body = request.body;
      const saveKey = saveKeyOf(request, 'send', request.body);
      // A retry answers the first send and e-mails nobody twice (decision 0015).
      return onceForKey(
        ctx.db,
        saveKey,
        () => ctx.now(),
        async (recorded) => {
          await requireReader(ctx, request.user, body.proposalId);
          return JSON.parse(recorded) as SendReply;
        },
        () => sendProposal(ctx, request.user, body, saveKey),
      );
    },
  );
};

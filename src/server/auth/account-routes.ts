import type { FastifyPluginAsync } from 'fastify';
import { auth } from '../../shared/api/auth';
import { accountUpdateSchema } from '../../shared/schemas/account';
import { unauthorized } from '../http/errors';
import { route } from '../http/route';
import { parse } from '../http/validate';
import { toAccount, updateAccount } from './account';

/** The account settings page's calls (decision 0094), mounted at /api/authorization. */
export const accountRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, auth.account, async (request, reply) => {
    if (!request.user) throw unauthorized();
    reply.header('cache-control', 'no-store');
    return toAccount(ctx.db, request.user);
  });

  // 401 before the body is read: a logged-out caller learns nothing from a validation message.
  route(app, auth.updateAccount, async (request, reply) => {
    if (!request.user) throw unauthorized();
    const body = parse(accountUpdateSchema, request.body);
    reply.header('cache-control', 'no-store');
    return updateAccount(ctx, request.user, body);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import { proposals } from '../../shared/api/proposals';
import { route } from '../http/route';
import {
  archiveProposal,
  contractorOf,
  deleteProposal,
  duplicateProposal,
  homeownerOf,
  sendCreated,
  suggestItemNames,
} from './manage-service';
import { noStore } from './http';
import { listContractors, reassignProposal, toggleVisibility } from './sharing-service';

/** Dashboard actions, sharing and lookups under /api/proposal (docs/product/dashboard.md Dashboard). */
export const manageRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  route(app, proposals.duplicate, async (request, reply) => {
    const { id } = request.body;
    noStore(reply);
    return duplicateProposal(ctx, request.user, id);
  });

  route(app, proposals.remove, async (request) => {
    const { id } = request.body;
    await deleteProposal(ctx, request.user, id);
    return { ok: true as const };
  });

  route(app, proposals.archive, async (request, reply) => {
    const { id } = request.body;
    noStore(reply);
    return archiveProposal(ctx, request.user, id, true);
  });

  route(app, proposals.unarchive, async (request, reply) => {
    const { id } = request.body;
    noStore(reply);
    return archiveProposal(ctx, request.user, id, false);
  });

  route(app, proposals.reassign, async (request) => {
    return reassignProposal(ctx, request.user, request.body);
  });

  route(app, proposals.toggleVisibility, async (request) => {
    return toggleVisibility(ctx, request.user, request.body);
  });

  route(app, proposals.contractors, async (request, reply) => {
    noStore(reply);
    return listContractors(ctx, request.user);
  });

  route(app, proposals.contractor, async (request, reply) => {
    noStore(reply);
    return contractorOf(ctx, request.user, request.params.id);
  });

  route(app, proposals.homeowner, async (request, reply) => {
    noStore(reply);
    return homeownerOf(ctx, request.user, request.params.id);
  });

  // Each message lands in the caller's own inbox; a few a minute is plenty.
  route(
    app,
    proposals.sendCreated,
    { config: { rateLimit: { max: 20, timeWindow: 10 * 60_000 } } },
    async (request) => {
      await sendCreated(ctx, request.user, request.body);
      return { ok: true as const };
    },
  );

  route(app, proposals.suggestions, async (request, reply) => {
    const { groupName } = request.query;
    noStore(reply);
    return suggestItemNames(ctx, request.user, groupName);
  });
};

import type { FastifyPluginAsync } from 'fastify';
import {
  itemNameSuggestionsQuerySchema,
  proposalIdBodySchema,
  reassignBodySchema,
  sendCreatedBodySchema,
  type ArchiveReply,
  type ProposalInputParsed,
} from '../../shared/schemas/proposal';
import { parse } from '../http/validate';
import {
  archiveProposal,
  contractorOf,
  deleteProposal,
  duplicateProposal,
  homeownerOf,
  sendCreated,
  suggestItemNames,
} from './manage-service';
import { idParam, noStore } from './http';
import { listContractors, reassignProposal, toggleVisibility } from './sharing-service';

/** Dashboard actions, sharing and lookups under /api/proposal (docs/product/dashboard.md Dashboard). */
export const manageRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;

  app.post('/duplicate', async (request, reply) => {
    const { id } = parse(proposalIdBodySchema, request.body);
    noStore(reply);
    return (await duplicateProposal(ctx, request.user, id)) satisfies ProposalInputParsed;
  });

  app.post('/delete', async (request) => {
    const { id } = parse(proposalIdBodySchema, request.body);
    await deleteProposal(ctx, request.user, id);
    return { ok: true as const };
  });

  app.post('/archive', async (request, reply) => {
    const { id } = parse(proposalIdBodySchema, request.body);
    noStore(reply);
    return (await archiveProposal(ctx, request.user, id, true)) satisfies ArchiveReply;
  });

  app.post('/unarchive', async (request, reply) => {
    const { id } = parse(proposalIdBodySchema, request.body);
    noStore(reply);
    return (await archiveProposal(ctx, request.user, id, false)) satisfies ArchiveReply;
  });

  app.post('/reassign', async (request) => {
    const body = parse(reassignBodySchema, request.body);
    return reassignProposal(ctx, request.user, body);
  });

  app.post('/toggleVisibility', async (request) => {
    const { id } = parse(proposalIdBodySchema, request.body);
    return toggleVisibility(ctx, request.user, id);
  });

  app.get('/contractors', async (request, reply) => {
    noStore(reply);
    return listContractors(ctx, request.user);
  });

  app.get('/contractor/:id', async (request, reply) => {
    noStore(reply);
    return contractorOf(ctx, request.user, idParam(request.params));
  });

  app.get('/homeowner/:id', async (request, reply) => {
    noStore(reply);
    return homeownerOf(ctx, request.user, idParam(request.params));
  });

  // Each message lands in the caller's own inbox; a few a minute is plenty.
  app.post(
    '/sendCreated',
    { config: { rateLimit: { max: 20, timeWindow: 10 * 60_000 } } },
    async (request) => {
      const body = parse(sendCreatedBodySchema, request.body);
      await sendCreated(ctx, request.user, body);
      return { ok: true as const };
    },
  );

  app.get('/suggestions', async (request, reply) => {
    const { groupName } = parse(itemNameSuggestionsQuerySchema, request.query);
    noStore(reply);
    return suggestItemNames(ctx, request.user, groupName);
  });
};

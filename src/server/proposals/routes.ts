import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { SessionLookup } from '../auth/session-plugin';
import { proposals } from '../../shared/api/proposals';
import { route } from '../http/route';
import { onceForKey, saveKeyOf } from '../idempotency/keys';
import { newClaim, setClaimCookie } from './claim';
import { noStore } from './http';
import { manageRoutes } from './manage-routes';
import {
  createProposal,
  getProposal,
  keptReadKey,
  listProposals,
  readProposal,
  updateProposal,
  type Preread,
  sessionReads,
} from './service';
import { findSessionUserWithReader, type SessionReader } from './repository';
import { KeptReplies } from '../http/kept-replies';
import { KeptPlans } from './reply-json';
import { printAccessOf } from '../signing/print-access';
import { uploadRoutes } from './upload-routes';
import { uploadTokenHash } from './upload-token';
import { personOrClient } from '../http/general-rate-limit';

/** A whole proposal with 100 groups of 300 items fits; the global 1 MB limit would not. */
const PROPOSAL_BODY_LIMIT = 8 * 1024 * 1024;
const TEN_MINUTES = 10 * 60_000;
/** Replies kept per proposal version and reader (decision 0024): 120 of the largest, Brotli'd. */
const KEPT_REPLY_BYTES = 48 * 1024 * 1024;
/** Their plan parts, kept across header-only changes (decision 0036): 32 of the largest. */
const KEPT_PLAN_BYTES = 16 * 1024 * 1024;

const keptByApp = new WeakMap<object, { kept: KeptReplies; plans: KeptPlans }>();

/**
 * The proposal replies this app keeps: one store for the API and the viewer's page rendered on
 * the server (decision 0040), which sends what the API would.
 */
export function keptProposalReplies(ctx: object): { kept: KeptReplies; plans: KeptPlans } {
  let found = keptByApp.get(ctx);
  if (!found) {
    found = { kept: new KeptReplies(KEPT_REPLY_BYTES), plans: new KeptPlans(KEPT_PLAN_BYTES) };
    keptByApp.set(ctx, found);
  }
  return found;
}

/** Registered at prefix /api/proposal (docs/product/proposals-editor.md). */
export const proposalRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  const { kept, plans } = keptProposalReplies(ctx);

  await app.register(uploadRoutes);
  await app.register(manageRoutes);

  // Logged-out creation is open to anyone, so it is limited per client IP.
  route(
    app,
    proposals.create,
    {
      bodyLimit: PROPOSAL_BODY_LIMIT,
      config: {
        rateLimit: {
          max: (request) => (request.user ? 600 : 20),
          keyGenerator: personOrClient('user'),
          timeWindow: TEN_MINUTES,
        },
      },
    },
    async (request, reply) => {
      const input = request.body;
      const { user } = request;
      // Only a contractor owns what they create; anyone else gets a proposal to claim.
      const claim = user?.role === 'contractor' ? undefined : newClaim();
      // A retry answers the same id; only for an owner's create, since a proposal to claim needs
      // the claim cookie of the first answer, which a retry cannot get back (decision 0015).
      const saveKey = claim ? null : saveKeyOf(request, 'create', request.body);
      const id = await onceForKey(
        ctx.db,
        saveKey,
        () => ctx.now(),
        (recorded) => recorded,
        () =>
          createProposal(
            ctx,
            {
              user,
              claimHash: claim?.hash ?? null,
              uploadTokenHash: uploadTokenHash(request),
              saveKey,
            },
            input,
          ),
      );
      if (claim) setClaimCookie(ctx, reply, claim);
      return reply.code(201).type('text/plain; charset=utf-8').send(id);
    },
  );

  route(app, proposals.update, { bodyLimit: PROPOSAL_BODY_LIMIT }, async (request, reply) => {
    const { id } = request.params;
    const input = request.body;
    const saveKey = saveKeyOf(request, 'update', request.body);
    // A retry of a save that committed answers the proposal as it is now, not a 409 (0015).
    const proposal = await onceForKey(
      ctx.db,
      saveKey,
      () => ctx.now(),
      () => getProposal(ctx, request.user, id),
      () => updateProposal(ctx, request.user, id, input, uploadTokenHash(request), saveKey),
    );
    noStore(reply);
    return { ...proposal, id };
  });

  route(app, proposals.list, async (request, reply) => {
    noStore(reply);
    return listProposals(ctx, request.user, request.query);
  });

  // Signed in, the access query runs in the session lookup's statement (decision 0042).
  const prereads = new WeakMap<FastifyRequest, Preread>();
  // Answered in the same turn when the lookup is (SQLite outside a transaction, decision 0051).
  const sessionLookup: SessionLookup = (db, idHash, now, request) => {
    const { id } = request.params as { id: string };
    const keep = (found: SessionReader | undefined) => {
      if (found) prereads.set(request, { id, userId: found.user.id, reader: found.reader });
      return found;
    };
    const found = findSessionUserWithReader(db, idHash, now, id);
    return found instanceof Promise ? found.then(keep) : keep(found);
  };
  route(app, proposals.get, { config: { sessionLookup } }, async (request, reply) => {
    const { id } = request.params;
    noStore(reply);
    const preread = prereads.get(request);
    // A print cookie is read only when the session's own access does not already decide: no
    // await on the common read, no query for an owner who pressed PDF.
    const printAccess = !sessionReads(preread, id) && (await printAccessOf(ctx, request, id));
    // A kept reply for what the session's statement read goes out in this turn (decision 0051).
    const key = keptReadKey(request.user, id, printAccess, preread);
    const sent = key === undefined ? undefined : kept.sendKept(request, reply, key);
    if (sent) return sent;
    const read = await readProposal(ctx, request.user, id, printAccess, preread);
    return kept.send(request, reply, read.key, () => read.json(plans));
  });
};

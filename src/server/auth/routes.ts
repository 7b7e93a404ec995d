import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../shared/constants';
import { paths } from '../../shared/paths';
import { auth } from '../../shared/api/auth';
import { signupBodySchema, type PendingClaim, type User } from '../../shared/schemas/auth';
import { HttpError, notFound } from '../http/errors';
import { multipartError } from '../http/multipart';
import { route } from '../http/route';
import { parse } from '../http/validate';
import { endEverySession, endSession, startSession } from './sessions';
import {
  claimProposal,
  holdsClaim,
  openedClaimLink,
  unclaimedProjectName,
} from '../proposals/claim';
import { renewSignupLink, signin, signup, verify, type ClaimRequest } from './service';
import { renewProposalLink } from './proposal-links';
import { toUserDto } from './user-dto';
import { clientKey } from '../http/general-rate-limit';
import { fieldText } from '../http/json-body';

const CLAIM_GONE = 'This proposal is no longer waiting to be added to an account.';

interface SignupInput {
  fields: Record<string, string>;
  logo?: { bytes: Buffer; filename: string };
}

const ONE_LOGO = 'Only one company logo can be uploaded.';

/** Sign-up takes JSON, or multipart when a company logo comes along (docs/product/auth.md). */
async function readSignup(request: FastifyRequest): Promise<SignupInput> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, string> };
  const input: SignupInput = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'logo' || input.logo) throw new HttpError(400, ONE_LOGO);
        input.logo = { bytes: await part.toBuffer(), filename: fieldText(part.filename) };
      } else {
        input.fields[part.fieldname] = fieldText(String(part.value));
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, UPLOAD_TOO_BIG);
    if (code === 'FST_FILES_LIMIT') throw new HttpError(400, ONE_LOGO);
    throw multipartError(err);
  }
  return input;
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // A sign-up or log-in names a proposal to claim only from the browser that created it.
  // A signed-in homeowner asking a contractor for a bid is named in the e-mail.
  const claimFor = async (
    request: FastifyRequest,
    proposalId: string | undefined,
  ): Promise<ClaimRequest | undefined> =>
    proposalId && (await holdsClaim(ctx, request, proposalId))
      ? { proposalId, requestedBy: request.user ?? undefined }
      : undefined;

  // Multipart only where it is read: the plugin adds two async hooks and a listener to every
  // request of the context it is registered in, /me (every page load) among them (decision 0048).
  await app.register(async (signupScope) => {
    await signupScope.register(multipart, {
      limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 },
    });
    // JSON or multipart: the handler reads and validates the fields (bodyKind in the contract).
    route(signupScope, auth.signup, async (request) => {
      const input = await readSignup(request);
      const body = parse(signupBodySchema, input.fields);
      await signup(
        ctx,
        body,
        clientKey(request),
        input.logo,
        await claimFor(request, body.proposalId),
      );
      return { ok: true as const };
    });
  });

  route(app, auth.signin, async (request) => {
    const body = request.body;
    await signin(
      ctx,
      body.email,
      body.redirect,
      clientKey(request),
      await claimFor(request, body.proposalId),
    );
    return { ok: true as const };
  });

  route(app, auth.verify, async (request, reply) => {
    const { token } = request.body;
    const result = await verify(ctx, token);
    // A new session id at each sign-in; the one the browser came with (if any) ends here.
    await endSession(ctx, reply, request.sessionHash, 'signin');
    await startSession(ctx, reply, result.user.id);
    reply.header('referrer-policy', 'no-referrer');
    const user: User = toUserDto(result.user);
    const proposalId = result.claimProposalId;
    let pendingClaim: PendingClaim | null = null;
    if (proposalId) {
      // The creating browser claims at once; any other browser is asked first (claim.ts).
      if (await holdsClaim(ctx, request, proposalId)) {
        await claimProposal(ctx, proposalId, result.user.id);
      } else {
        const projectName = await unclaimedProjectName(ctx, proposalId);
        if (projectName !== undefined) pendingClaim = { proposalId, projectName };
      }
    }
    const redirect = pendingClaim ? paths.dashboard() : result.redirect;
    return { user, redirect, pendingClaim };
  });

  // 'Add to my account' on the sign-in page, after a claim link opened in another browser.
  route(app, auth.claim, async (request) => {
    const { proposalId } = request.body;
    const { user } = request;
    if (!user) throw new HttpError(401, 'Please log in first.');
    if (
      user.role !== 'contractor' ||
      !(await openedClaimLink(ctx, proposalId, user.id)) ||
      !(await claimProposal(ctx, proposalId, user.id))
    )
      throw notFound(CLAIM_GONE);
    return { redirect: paths.proposal(proposalId) };
  });

  // The 'old link' page of a sign-up's or a proposal link: a fresh link goes to the same person.
  route(app, auth.renew, async (request) => {
    const { token } = request.body;
    const sent =
      (await renewSignupLink(ctx, token, clientKey(request))) ??
      (await renewProposalLink(ctx, token, clientKey(request)));
    return { ok: true as const, sent };
  });

  route(app, auth.logout, async (request, reply) => {
    if (!request.body.everywhere) {
      const ended = await endSession(ctx, reply, request.sessionHash, 'logout');
      return { ok: true as const, sessionsEnded: ended };
    }
    // Whose sessions to end is known only from this one; with none, nothing is ended here.
    if (!request.user) throw new HttpError(401, 'Please log in first.');
    const ended = await endEverySession(ctx, reply, request.user.id);
    return { ok: true as const, sessionsEnded: ended };
  });

  // Asked for on every page load: its reply is serialized by a compiled serializer (decision 0039).
  route(app, auth.me, { serializer: 'precompiled' }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user ? toUserDto(request.user) : null };
  });
};

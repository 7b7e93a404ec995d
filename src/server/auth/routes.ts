import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../shared/constants';
import {
  signinBodySchema,
  signupBodySchema,
  verifyBodySchema,
  type User,
} from '../../shared/schemas/auth';
import { HttpError } from '../http/errors';
import { parse } from '../http/validate';
import { endSession, startSession } from './sessions';
import { holdsClaim } from '../proposals/claim';
import { signin, signup, verify } from './service';
import { renewBodySchema } from '../../shared/schemas/sending';
import { renewProposalLink } from './proposal-links';
import { toUserDto } from './user-dto';

interface SignupInput {
  fields: Record<string, string>;
  logo?: { bytes: Buffer; filename: string };
}

/** Sign-up takes JSON, or multipart when a company logo comes along (§7). */
async function readSignup(request: FastifyRequest): Promise<SignupInput> {
  if (!request.isMultipart()) return { fields: (request.body ?? {}) as Record<string, string> };
  const input: SignupInput = { fields: {} };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'logo' || input.logo)
          throw new HttpError(400, 'Only one company logo can be uploaded.');
        input.logo = { bytes: await part.toBuffer(), filename: part.filename };
      } else {
        input.fields[part.fieldname] = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new HttpError(413, UPLOAD_TOO_BIG);
    throw err;
  }
  return input;
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  const { ctx } = app;
  // A sign-up or log-in names a proposal to claim only from the browser that created it.
  const claimFor = async (request: FastifyRequest, proposalId: string | undefined) =>
    proposalId && (await holdsClaim(ctx, request, proposalId)) ? proposalId : undefined;

  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 20 } });

  app.post('/signup', async (request) => {
    const input = await readSignup(request);
    const body = parse(signupBodySchema, input.fields);
    await signup(ctx, body, request.ip, input.logo, await claimFor(request, body.proposalId));
    return { ok: true };
  });

  app.post('/signin', async (request) => {
    const body = parse(signinBodySchema, request.body);
    await signin(
      ctx,
      body.email,
      body.redirect,
      request.ip,
      await claimFor(request, body.proposalId),
    );
    return { ok: true };
  });

  app.post('/verify', async (request, reply) => {
    const { token } = parse(verifyBodySchema, request.body);
    const result = await verify(ctx, token);
    // A new session id at each sign-in; the one the browser came with (if any) ends here.
    await endSession(ctx, reply, request.sessionHash);
    await startSession(ctx, reply, result.user.id);
    reply.header('referrer-policy', 'no-referrer');
    const user: User = toUserDto(result.user);
    return { user, redirect: result.redirect };
  });

  // The 'old link' page of a proposal link: a fresh link goes to the same person, if any.
  app.post('/renew', async (request) => {
    const { token } = parse(renewBodySchema, request.body);
    await renewProposalLink(ctx, token, request.ip);
    return { ok: true as const };
  });

  app.post('/logout', async (request, reply) => {
    await endSession(ctx, reply, request.sessionHash);
    return { ok: true };
  });

  app.get('/me', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return { user: request.user ? toUserDto(request.user) : null };
  });
};

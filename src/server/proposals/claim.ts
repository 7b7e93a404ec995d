import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { hashSecret, newSecret } from '../auth/tokens';

/*
 * A logged-out visitor may create a proposal (§2 /proposal/signup/{id}). The proposal has no owner
 * yet; the creating browser holds a claim secret in an httpOnly cookie, and only a sign-up or
 * log-in made from that browser can tie the proposal to the e-mail it confirms. Knowing the id is
 * not enough to take someone's proposal.
 */
export const CLAIM_COOKIE = 'plansmith_claim';
const CLAIM_TTL_S = 7 * 24 * 60 * 60;

/** How long an unclaimed proposal can still be claimed; housekeeping removes it afterwards. */
export const CLAIM_TTL_MS = CLAIM_TTL_S * 1000;

export interface Claim {
  secret: string;
  /** Stored in proposals.claim_token_hash. */
  hash: string;
}

/** A claim secret for a new unowned proposal, not yet given to the browser. */
export function newClaim(): Claim {
  const secret = newSecret();
  return { secret, hash: hashSecret(secret) };
}

/**
 * Gives the claim to the browser. Called once the proposal is stored, so a refused create does
 * not replace the claim this browser holds for the proposal it made before.
 */
export function setClaimCookie(ctx: AppContext, reply: FastifyReply, claim: Claim): void {
  reply.setCookie(CLAIM_COOKIE, claim.secret, {
    path: '/api/',
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.config.secureCookies,
    maxAge: CLAIM_TTL_S,
  });
}

/** Makes a claim secret for a new unowned proposal; returns the hash to store with it. */
export function issueClaim(ctx: AppContext, reply: FastifyReply): string {
  const claim = newClaim();
  setClaimCookie(ctx, reply, claim);
  return claim.hash;
}

/** True when this browser created the (still unowned) proposal. */
export async function holdsClaim(
  ctx: AppContext,
  request: FastifyRequest,
  proposalId: string,
): Promise<boolean> {
  const secret = request.cookies[CLAIM_COOKIE];
  if (!secret || secret.length > 100) return false;
  const row = await ctx.db
    .selectFrom('proposals')
    .select('id')
    .where('id', '=', proposalId)
    .where('owner_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where('claim_token_hash', '=', hashSecret(secret))
    .executeTakeFirst();
  return Boolean(row);
}

/** Gives an unowned proposal to the user who confirmed their e-mail; a no-op if already claimed. */
export async function claimProposal(
  ctx: AppContext,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable('proposals')
    .set({ owner_id: userId, claim_token_hash: null })
    .where('id', '=', proposalId)
    .where('owner_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config';
import type { AppContext } from '../context';
import { cookiePlace, soleCookie } from '../http/cookies';
import { lockProposal } from '../members/repository';
import { hashSecret, newSecret } from '../auth/tokens';
import {
  findUnclaimedProjectName,
  hasUsedClaimLink,
  isClaimHeldBy,
  setOwnerOfUnclaimed,
} from './claim-repository';

/*
 * A logged-out visitor (or a signed-in homeowner, through 'Send Proposal') may create a proposal
 * (docs/product/sending.md /proposal/signup/{id}). The proposal has no owner yet; the creating browser holds a claim
 * secret in an httpOnly cookie. Only that browser can name an address for it (a sign-up or log-in
 * naming the proposal), and only the link e-mailed to that address for it can claim it: the newest
 * such link wins, an earlier one then only signs in. The e-mail says a proposal is waiting.
 *
 * Opened in the creating browser, the link claims at once (the creator proved the address).
 * Opened anywhere else, it signs the person in and the page asks 'Add to my account' first, so
 * nobody finds a proposal planted in their account by someone who typed their address
 * (decision 0010).
 */
export const CLAIM_COOKIE = 'plansmith_claim';
/** Path /api/ on plain http, as before; over https `__Host-` prefixed at Path=/ (decision 0089). */
export const claimCookie = (config: Pick<Config, 'secureCookies'>) =>
  cookiePlace(config, CLAIM_COOKIE, '/api/');
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
  const { name, path, secure } = claimCookie(ctx.config);
  reply.setCookie(name, claim.secret, {
    path,
    httpOnly: true,
    sameSite: 'lax',
    secure,
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
  const secret = soleCookie(request, claimCookie(ctx.config).name);
  if (!secret || secret.length > 100) return false;
  return isClaimHeldBy(ctx.db, proposalId, hashSecret(secret));
}

/** Gives an unowned proposal to the user who confirmed their e-mail; a no-op if already claimed. */
export async function claimProposal(
  ctx: AppContext,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  // Under the proposal's lock, the one a newer link takes to supersede this one: on PostgreSQL
  // the statement after the wait sees the supersede, where one that waited inside itself would
  // have checked the link before it (decision 0010).
  return ctx.db.transaction().execute(async (trx) => {
    await lockProposal(trx, ctx.dialect, proposalId);
    return setOwnerOfUnclaimed(trx, proposalId, userId);
  });
}

/** The project name of a proposal still waiting for its owner, or undefined. */
export async function unclaimedProjectName(
  ctx: AppContext,
  proposalId: string,
): Promise<string | undefined> {
  return findUnclaimedProjectName(ctx.db, proposalId);
}

/**
 * True when `userId` opened the link e-mailed for this proposal's claim: a used sign-in link of
 * theirs that still names it. No other sign-in of the address counts.
 */
export async function openedClaimLink(
  ctx: AppContext,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  return hasUsedClaimLink(ctx.db, proposalId, userId);
}

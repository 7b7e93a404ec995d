import { createElement } from 'react';
import { SIGNIN_TOKEN_TTL_MS } from '../../shared/constants';
import { paths, safeRedirect } from '../../shared/paths';
import type { SignupBody } from '../../shared/schemas/auth';
import type { AppContext } from '../context';
import type { LoginTokensTable, UserRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { prepareUpload, storePrepared, type PreparedUpload } from '../files/service';
import { IMAGE_TYPES } from '../files/sniff';
import { renderMail } from '../mail/render';
import { BECOME_CONTRACTOR_SUBJECT, LoginEmail } from '../mail/templates/login-email';
import { limitAuthEmail } from './rate-limit';
import { unclaimedProjectName } from '../proposals/claim';
import { supersedeClaimLinks } from '../proposals/claim-repository';
import { lockProposal } from '../members/repository';
import {
  accountOf,
  consumeLoginToken,
  deletePendingSignup,
  findPendingSignup,
  findUserByEmail,
  findUserById,
  insertLoginToken,
  becomeContractor,
  insertPendingSignup,
  insertUser,
  newUserRow,
  signupDetailsOf,
  type SignupDetails,
  takePendingSignup,
  touchLastLogin,
} from './repository';
import { hashSecret, newSecret } from './tokens';

export const EMAIL_TAKEN = 'Email is already associated with another account';
export const EMAIL_UNKNOWN = 'User with this email was not found';
export const OLD_LINK =
  'This login link has expired or was already used. Request a new link to login.';

/** Links are built from APP_URL, never from the request's Host header. */
function loginLink(ctx: AppContext, token: string, redirect: string | null): string {
  const url = ctx.config.appUrl + paths.signinToken(token);
  return redirect && redirect !== paths.dashboard()
    ? `${url}?redirect=${encodeURIComponent(redirect)}`
    : url;
}

async function sendLoginLink(
  ctx: AppContext,
  to: { email: string; name: string },
  redirect: string | undefined,
  /** Whose link: an account's sign-in, or a sign-up that makes the account when opened. */
  link: { userId: string } | { signup: SignupDetails },
  claim: ClaimMail | undefined,
): Promise<void> {
  const token = newSecret();
  const now = ctx.now();
  const target = redirect ? safeRedirect(redirect) : null;
  const isNewAccount = 'signup' in link;
  // A sign-up for an address that has an account already turns it into a contractor's when
  // opened (decision 0093): its owner is told what would change, and whose details those are.
  const becomesContractor =
    'signup' in link && (await findUserByEmail(ctx.db, to.email))
      ? { name: link.signup.name, companyName: link.signup.company_name }
      : undefined;
  const mail = await renderMail(
    createElement(LoginEmail, {
      link: loginLink(ctx, token, target),
      recipient: to.email,
      name: to.name,
      isNewAccount,
      supportEmail: ctx.config.supportEmail,
      waitingProposal: claim,
      becomesContractor,
    }),
  );
  await ctx.db.transaction().execute(async (trx) => {
    if (claim) {
      // Under the proposal's lock: a link asked for at the same moment is superseded too, so
      // only the newest names the proposal (decision 0010).
      await lockProposal(trx, ctx.dialect, claim.proposalId);
      await supersedeClaimLinks(trx, claim.proposalId);
    }
    const stored = {
      token_hash: hashSecret(token),
      redirect: target,
      proposal_id: claim?.proposalId ?? null,
      created_at: now,
      expires_at: now + SIGNIN_TOKEN_TTL_MS,
    };
    if ('signup' in link) await insertPendingSignup(trx, { ...stored, ...link.signup });
    else await insertLoginToken(trx, { ...stored, user_id: link.userId, purpose: 'signin' });
    await ctx.mailer.enqueue(trx, {
      to: to.email,
      subject: becomesContractor
        ? BECOME_CONTRACTOR_SUBJECT
        : claim
          ? 'A proposal is waiting for you on Plansmith'
          : isNewAccount
            ? 'Confirm your email for Plansmith'
            : 'Your Plansmith login link',
      ...mail,
      linkExpiresAt: now + SIGNIN_TOKEN_TTL_MS,
    });
  });
  ctx.mailer.kick();
}

export const OWNER_MUST_BE_CONTRACTOR =
  'This address belongs to a homeowner account. A proposal is owned by a contractor account: enter the contractor’s email.';

/** A proposal the link is e-mailed to claim; `requestedBy`: the signed-in homeowner who sent it. */
export interface ClaimRequest {
  proposalId: string;
  requestedBy?: Pick<UserRow, 'name' | 'email'>;
}
interface ClaimMail {
  proposalId: string;
  projectName: string;
  requestedBy?: { name: string; email: string };
}

async function claimFor(
  ctx: AppContext,
  request: ClaimRequest | undefined,
  recipient: string,
): Promise<ClaimMail | undefined> {
  if (!request) return undefined;
  const projectName = await unclaimedProjectName(ctx, request.proposalId);
  if (projectName === undefined) return undefined;
  const by = request.requestedBy;
  return {
    proposalId: request.proposalId,
    projectName,
    requestedBy: by && by.email !== recipient ? { name: by.name, email: by.email } : undefined,
  };
}

export async function signin(
  ctx: AppContext,
  email: string,
  redirect: string | undefined,
  ip: string,
  claimRequest?: ClaimRequest,
) {
  // Refused by its check (unknown address, homeowner named for a claim), the attempt counts
  // against the IP only (decision 0082).
  await limitAuthEmail(
    ctx,
    email,
    ip,
    {
      check: async () => {
        const user = await findUserByEmail(ctx.db, email);
        if (!user) throw new HttpError(401, EMAIL_UNKNOWN);
        const claim = await claimFor(ctx, claimRequest, user.email);
        // A proposal belongs to a contractor account (docs/product/roles.md: homeowners do not
        // create proposals). It tells a homeowner's address from a contractor's: decision 0082.
        if (claim && user.role !== 'contractor') throw new HttpError(400, OWNER_MUST_BE_CONTRACTOR);
        return { user, claim };
      },
      send: async ({ user, claim }) => {
        await sendLoginLink(ctx, user, redirect, { userId: user.id }, claim);
        return true;
      },
    },
    { waitOnly: claimRequest !== undefined },
  );
}

/**
 * Whether a sign-up may still make an existing account a contractor's: a contractor's sign-up for
 * a homeowner's account, whatever proposals it was sent (decision 0093). What it received stays
 * its own; only an address that is a contractor's already is taken.
 */
function mayBecomeContractor(signup: { role: UserRow['role'] }, account: UserRow): boolean {
  return signup.role === 'contractor' && account.role === 'homeowner';
}

export async function signup(
  ctx: AppContext,
  body: SignupBody,
  ip: string,
  logo: { bytes: Buffer; filename: string } | undefined,
  claimRequest?: ClaimRequest,
): Promise<void> {
  // The limit first: a taken address counts against the IP too, or sign-up would tell addresses
  // apart unlimited; not against the address, which is sent nothing (decision 0082).
  await limitAuthEmail(
    ctx,
    body.email,
    ip,
    {
      check: async () => {
        const existing = await findUserByEmail(ctx.db, body.email);
        // A homeowner's account, made by a send or an invitation, may still become a contractor's
        // (decisions 0079 and 0093).
        if (existing && !mayBecomeContractor(body, existing)) throw new HttpError(400, EMAIL_TAKEN);
        // The logo is decoded and written again here, where the attempt counts against the IP
        // only: a large image takes seconds, and a stranger's must not hold the address's count
        // meanwhile; its refusals (413, 415, 400) are the request's own (decision 0082).
        if (!logo) return { logo: undefined };
        const prepared = await prepareUpload({ bytes: logo.bytes, allowed: IMAGE_TYPES });
        return { logo: { filename: logo.filename, prepared } };
      },
      send: async (checked) => {
        await signupAndSend(ctx, body, checked.logo, claimRequest);
        return true;
      },
    },
    { waitOnly: true },
  );
}

/** A sign-up inside its limits, its address not taken, its logo ready: its link is e-mailed. */
async function signupAndSend(
  ctx: AppContext,
  body: SignupBody,
  logo: { filename: string; prepared: PreparedUpload } | undefined,
  claimRequest: ClaimRequest | undefined,
): Promise<void> {
  // Stored only now, past the address's limit, so a sign-up refused there leaves no file behind.
  const logoFileId = logo
    ? (
        await storePrepared(
          ctx,
          {
            field: 'companyLogo',
            originalName: logo.filename,
            kind: 'company_logo',
            uploadedBy: null,
          },
          logo.prepared,
        )
      ).id
    : null;
  const signup: SignupDetails = {
    email: body.email,
    name: body.name,
    phone_number: body.phoneNumber ?? '',
    company_name: body.companyName ?? '',
    role: body.role,
    company_logo_file_id: logoFileId,
  };
  // No account until the link is opened: a sign-up for someone else's address decides nothing
  // about it (decision 0078).
  const claim = await claimFor(ctx, claimRequest, body.email);
  await sendLoginLink(ctx, body, body.redirect, { signup }, claim);
}

/**
 * The old-link page of a sign-up's link (POST /api/authorization/renew): a new link to the same
 * address, carrying the same sign-up, or a sign-in link once the address has an account. The
 * one who asks learns only whether a link went (to the address's owner). Undefined when the token
 * is no sign-up's.
 */
export async function renewSignupLink(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<boolean | undefined> {
  const old = await findPendingSignup(ctx.db, hashSecret(token));
  if (!old) return undefined;
  await limitAuthEmail(
    ctx,
    old.email,
    ip,
    {
      // Nothing here refuses: the one who asks learns only whether a link went.
      check: () => Promise.resolve(old),
      send: async () => {
        const found = await findUserByEmail(ctx.db, old.email);
        // A homeowner's account still waits for the contractor's sign-up (decision 0093).
        const account = found && !mayBecomeContractor(old, found) ? found : undefined;
        const { redirect, proposal_id } = old;
        const signup = signupDetailsOf(old);
        const claim = await claimFor(
          ctx,
          proposal_id ? { proposalId: proposal_id } : undefined,
          old.email,
        );
        await sendLoginLink(
          ctx,
          account ?? old,
          redirect ?? undefined,
          account ? { userId: account.id } : { signup },
          account && account.role !== 'contractor' ? undefined : claim,
        );
        return true;
      },
    },
    { waitOnly: true },
  );
  await deletePendingSignup(ctx.db, old.token_hash);
  return true;
}

export interface Verified {
  user: UserRow;
  redirect: string;
  /** The proposal this sign-in link was e-mailed to claim, if any (the route decides: claim.ts). */
  claimProposalId: string | null;
}

export async function verify(ctx: AppContext, token: string): Promise<Verified> {
  const now = ctx.now();
  const tokenHash = hashSecret(token);
  const signin = await consumeLoginToken(ctx.db, tokenHash, now);
  const consumed = signin ?? (await openSignupLink(ctx, tokenHash, now));
  if (!consumed) throw new HttpError(403, OLD_LINK);
  const user = await findUserById(ctx.db, consumed.user_id);
  if (!user) throw new HttpError(403, OLD_LINK);
  await touchLastLogin(ctx.db, user.id, now);
  // A sign-in link may carry a proposal to claim; a proposal link only opens its proposal.
  const claimProposalId =
    consumed.purpose === 'signin' && user.role === 'contractor' ? consumed.proposal_id : null;
  return {
    user: { ...user, last_login_at: now },
    redirect: safeRedirect(consumed.redirect),
    claimProposalId,
  };
}

/**
 * A sign-up's link opened: the account is made now, from what the sign-up said, and the link
 * becomes a used sign-in link of it (so a proposal it names is claimed as any sign-in link's
 * is). An account made for the address meanwhile (another sign-up opened first, a proposal sent
 * to it) is signed in to as it is: the address is proved either way.
 */
async function openSignupLink(
  ctx: AppContext,
  tokenHash: string,
  now: number,
): Promise<Pick<LoginTokensTable, 'user_id' | 'purpose' | 'redirect' | 'proposal_id'> | undefined> {
  return ctx.db.transaction().execute(async (trx) => {
    // A link naming a proposal is taken under the proposal's lock, the one a newer link for it
    // takes to supersede this one (decision 0010): which names it is settled before it is read.
    const named = (await findPendingSignup(trx, tokenHash))?.proposal_id;
    if (named) await lockProposal(trx, ctx.dialect, named);
    const pending = await takePendingSignup(trx, tokenHash, now);
    if (!pending) return undefined;
    const { token_hash, redirect, proposal_id, created_at, expires_at } = pending;
    await insertUser(trx, newUserRow(accountOf(pending, now)), { ifAbsent: true });
    const user = await findUserByEmail(trx, pending.email);
    if (!user) return undefined;
    // A homeowner's account (a send's or an invitation's), and the one who proved the address
    // signed up as a contractor: it becomes theirs, memberships and all (decision 0093).
    if (mayBecomeContractor(pending, user)) await becomeContractor(trx, user.id, pending);
    const link = { user_id: user.id, purpose: 'signin' as const, redirect, proposal_id };
    await insertLoginToken(trx, { ...link, token_hash, created_at, expires_at, used_at: now });
    return link;
  });
}

import { createElement } from 'react';
import { PROPOSAL_LINK_TTL_MS } from '../../shared/constants';
import { paths, proposalViewPath } from '../../shared/paths';
import type { AppContext } from '../context';
import type { ProposalMembersTable } from '../db/schema';
import { renderMail } from '../mail/render';
import { ProposalLinkEmail } from '../mail/templates/proposal-link-email';
import { findMember, lockProposal } from '../members/repository';
import { limitAuthEmail } from './rate-limit';
import { findProposalLinkWithUser, insertLoginToken } from './repository';
import { findLiveProposalName } from '../proposals/repository';
import { hashSecret, newSecret } from './tokens';
import type { Trx } from '../db/helpers';

/*
 * Proposal links: e-mailed to the homeowner a proposal is sent to and to invitees. Like a sign-in
 * link (256 random bits, only the hash stored, works once) but valid for 14 days, and tied to its
 * proposal: verifying it signs the person in and answers the proposal's page as the redirect.
 * From the 'old link' page a used or expired one is traded for a fresh one, e-mailed to the same
 * person, while they are still a member.
 */

export interface NewLink {
  token: string;
  /** APP_URL/signin/{token}/: the button of the e-mail. */
  url: string;
}

/** A new link secret; it is stored only by saveProposalLink, in the transaction that e-mails it. */
export function newProposalLink(ctx: AppContext): NewLink {
  const token = newSecret();
  return { token, url: ctx.config.appUrl + paths.signinToken(token) };
}

/**
 * Where the link opens: the view of the member it is for, by their place on this proposal and
 * not their account's role (decision 0093), so a contractor it was sent to lands as its homeowner.
 */
export function proposalLinkRedirect(
  proposalId: string,
  memberRole: ProposalMembersTable['role'],
): string {
  return proposalViewPath(proposalId, memberRole);
}

export async function saveProposalLink(
  trx: Trx,
  ctx: AppContext,
  link: { token: string; userId: string; proposalId: string; redirect: string },
): Promise<number> {
  const now = ctx.now();
  await insertLoginToken(trx, {
    token_hash: hashSecret(link.token),
    user_id: link.userId,
    purpose: 'proposal',
    redirect: link.redirect,
    proposal_id: link.proposalId,
    created_at: now,
    expires_at: now + PROPOSAL_LINK_TTL_MS,
  });
  // When the link stops working: the outbox sends it first and never after (mail/mailer.ts).
  return now + PROPOSAL_LINK_TTL_MS;
}

/**
 * POST /api/authorization/renew. Answers only whether a new link was e-mailed (true for a proposal
 * link whose person is still a member), never to which address or why not: an unknown token, an
 * ordinary sign-in link and a link to a proposal now gone all answer false. The e-mail limit of
 * sign-in applies, counted by client IP and, when a link goes, by the person's address (an
 * unknown token's key, `renew:` and part of its hash, is never sent anything: decision 0082).
 */
export async function renewProposalLink(
  ctx: AppContext,
  token: string,
  ip: string,
): Promise<boolean> {
  const hash = hashSecret(token);
  const old = await findProposalLinkWithUser(ctx.db, hash);
  const sent = await limitAuthEmail(ctx, old ? old.email : `renew:${hash.slice(0, 32)}`, ip, {
    check: () => renewable(ctx, old),
    send: (link) => sendNewProposalLink(ctx, link),
  });
  if (sent) ctx.mailer.kick();
  return sent;
}

type OldLink = NonNullable<Awaited<ReturnType<typeof findProposalLinkWithUser>>>;

/** The old link and its proposal when a new one may go: a proposal link of a member still on it. */
async function renewable(
  ctx: AppContext,
  old: OldLink | undefined,
): Promise<{ old: OldLink; proposalId: string; projectName: string } | null> {
  if (!old?.proposal_id) return null;
  const proposalId = old.proposal_id;
  const proposal = await findLiveProposalName(ctx.db, proposalId);
  if (!proposal || !(await findMember(ctx.db, proposalId, old.user_id))) return null;
  return { old, proposalId, projectName: proposal.project_name };
}

async function sendNewProposalLink(
  ctx: AppContext,
  { old, proposalId, projectName }: { old: OldLink; proposalId: string; projectName: string },
): Promise<boolean> {
  const link = newProposalLink(ctx);
  const mail = await renderMail(
    createElement(ProposalLinkEmail, {
      link: link.url,
      recipient: old.email,
      projectName,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  return ctx.db.transaction().execute(async (trx) => {
    // Again under the lock a member's removal takes: removed meanwhile, no new link.
    const live = await lockProposal(trx, ctx.dialect, proposalId);
    const member = live ? await findMember(trx, proposalId, old.user_id) : undefined;
    if (!member) return false;
    const linkExpiresAt = await saveProposalLink(trx, ctx, {
      token: link.token,
      userId: old.user_id,
      proposalId,
      redirect: proposalLinkRedirect(proposalId, member.role),
    });
    await ctx.mailer.enqueue(trx, {
      to: old.email,
      subject: 'Your new link to the proposal',
      ...mail,
      linkExpiresAt,
    });
    return true;
  });
}

import { createElement } from 'react';
import type { z } from 'zod';
import {
  INVITE_HOMEOWNER,
  INVITE_OWNER,
  ONLY_CONTRACTORS_INVITE,
  type InviteReply,
  type Member,
  type inviteBodySchema,
} from '../../shared/schemas/sending';
import { newProposalLink, proposalLinkRedirect, saveProposalLink } from '../auth/proposal-links';
import { findUserByEmail } from '../auth/repository';
import { checkProposalEmailLimit } from '../auth/rate-limit';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { renderMail } from '../mail/render';
import { contractorContact, contractorMailHeaders } from '../mail/contractor-sender';
import { inviteHeading, ProposalInviteEmail } from '../mail/templates/proposal-invite-email';
import { lockOwned, requireOwner, requireReader } from '../proposals/access';
import { insertEvent } from '../proposals/repository';
import { mailSubject } from '../sending/names';
import {
  findMember,
  findOrCreateUser,
  insertInvitee,
  listMembers,
  removeMember,
  type MemberRow,
} from './repository';

/*
 * Invitations (big-picture Team area). An invitee keeps the account role they have; an address
 * new to us gets a homeowner account (docs/product/roles.md: users are contractors or homeowners, and only
 * contractors sign up). As member role 'invitee' they read the proposal, shop and comment; they do
 * not sign and do not edit. The proposal's homeowner is made by sending, never by inviting.
 */

const toMember = (row: MemberRow): Member => ({
  userId: row.user_id,
  name: row.name,
  email: row.email,
  role: row.role,
});

/** POST /api/proposal/:id/invite: membership (idempotent) and an e-mail with a 14-day link. */
export async function invite(
  ctx: AppContext,
  caller: UserRow | null,
  proposalId: string,
  input: z.output<typeof inviteBodySchema>,
): Promise<InviteReply> {
  const { proposal, user: owner } = await requireOwner(ctx, caller, proposalId);
  if (owner.role !== 'contractor') throw forbidden(ONLY_CONTRACTORS_INVITE);
  const email = input.inviteeEmail;
  if (email === owner.email) throw badRequest(INVITE_OWNER);
  const known = await findUserByEmail(ctx.db, email);
  if (known && (await findMember(ctx.db, proposalId, known.id))?.role === 'homeowner')
    throw badRequest(INVITE_HOMEOWNER);

  const link = newProposalLink(ctx);
  // The invitee's mail names the contractor and the company, never the homeowner or their address.
  const contact = contractorContact(proposal, owner);
  const mail = await renderMail(
    createElement(ProposalInviteEmail, {
      link: link.url,
      recipient: email,
      contact,
      projectName: proposal.project_name,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  const now = ctx.now();
  const member = await ctx.db.transaction().execute(async (trx) => {
    // Given away meanwhile: the 404 a later invitation gets (decision 0005).
    await lockOwned(trx, ctx.dialect, proposalId, owner.id);
    const { row: user } = await findOrCreateUser(trx, { email, name: '', role: 'homeowner', now });
    await insertInvitee(trx, {
      proposal_id: proposalId,
      user_id: user.id,
      name: input.inviteeName,
      invited_by: owner.id,
      now,
    });
    const row = await findMember(trx, proposalId, user.id);
    // Made the homeowner by a send that ran just before this one.
    if (!row || row.role !== 'invitee') throw badRequest(INVITE_HOMEOWNER);
    const linkExpiresAt = await saveProposalLink(trx, ctx, {
      token: link.token,
      userId: user.id,
      proposalId,
      redirect: proposalLinkRedirect(proposalId, row.role),
    });
    await insertEvent(trx, {
      proposal_id: proposalId,
      kind: 'invited',
      user_id: owner.id,
      detail: JSON.stringify({ email }),
      now,
    });
    await ctx.mailer.enqueue(trx, {
      to: email,
      subject: mailSubject(inviteHeading(contact, proposal.project_name)),
      ...mail,
      ...contractorMailHeaders(contact),
      linkExpiresAt,
    });
    // Last, after every refusal above: a refused invitation does not count against the sender's
    // e-mails to this address, and one over the limit rolls back and mails nobody (429).
    await checkProposalEmailLimit(ctx, trx, email, owner.id);
    return row;
  });
  ctx.mailer.kick();
  return { ok: true, member: toMember(member) };
}

/** GET /api/proposal/:id/members: for the owner and the members; public readers get 404. */
export async function members(
  ctx: AppContext,
  caller: UserRow | null,
  proposalId: string,
): Promise<Member[]> {
  if (!caller) throw unauthorized();
  const { access } = await requireReader(ctx, caller, proposalId);
  if (access.role === 'public') throw notFound();
  return (await listMembers(ctx.db, proposalId)).map(toMember);
}

/**
 * DELETE /api/proposal/:id/members/:userId: the owner removes someone's access (and their unused
 * links). The homeowner who signed stays: their signature is part of the proposal.
 */
export async function removeAccess(
  ctx: AppContext,
  caller: UserRow | null,
  proposalId: string,
  userId: string,
): Promise<void> {
  const { user: owner } = await requireOwner(ctx, caller, proposalId);
  await ctx.db.transaction().execute(async (trx) => {
    // Given away meanwhile: the 404 a later removal gets (decision 0005).
    const locked = await lockOwned(trx, ctx.dialect, proposalId, owner.id);
    const member = await findMember(trx, proposalId, userId);
    if (!member) throw notFound();
    if (member.role === 'homeowner' && locked.signed_by_homeowner_at !== null)
      throw conflict('signed_homeowner_stays');
    await removeMember(trx, proposalId, userId);
    await insertEvent(trx, {
      proposal_id: proposalId,
      kind: 'member_removed',
      user_id: owner.id,
      detail: JSON.stringify({ email: member.email, role: member.role }),
      now: ctx.now(),
    });
  });
}

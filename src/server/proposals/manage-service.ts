import { createElement } from 'react';
import { paths } from '../../shared/paths';
import type { ProposalInputParsed } from '../../shared/schemas/proposal';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, notFound, unauthorized } from '../http/errors';
import { renderMail } from '../mail/render';
import { ProposalCreatedEmail } from '../mail/templates/proposal-created-email';
import { requireOwner, requireReader } from './access';
import { toDuplicateDraft } from './dto';
import { findHomeowner, insertEvent, itemNameSuggestions, softDeleteProposal } from './repository';
import { loadPlan } from './service';

export const ONLY_TO_SELF =
  'A new proposal can only be e-mailed to your own address. Use Send to share it with a client.';
export const SUGGESTIONS_LIMIT = 20;

/** POST /api/proposal/duplicate: a draft for the create screen; nothing is stored. */
export async function duplicateProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<ProposalInputParsed> {
  const { proposal } = await requireOwner(ctx, user, id);
  return toDuplicateDraft(proposal, await loadPlan(ctx.db, proposal));
}

/** POST /api/proposal/delete: hidden at once, purged by housekeeping after 30 days. */
export async function deleteProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<void> {
  const { user: owner } = await requireOwner(ctx, user, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    await softDeleteProposal(trx, id, now);
    await insertEvent(trx, {
      proposal_id: id,
      kind: 'deleted',
      user_id: owner.id,
      detail: '',
      now,
    });
  });
}

/** GET /api/proposal/contractor/:id: the owner's name, for anyone who may read the proposal. */
export async function contractorOf(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<{ name: string }> {
  const { proposal } = await requireReader(ctx, user, id);
  return { name: proposal.owner_name ?? '' };
}

/** GET /api/proposal/homeowner/:id: the homeowner's name and e-mail, for owner and members. */
export async function homeownerOf(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<{ name: string; email: string }> {
  const { access } = await requireReader(ctx, user, id);
  if (access.role === 'public') throw notFound();
  const homeowner = await findHomeowner(ctx.db, id);
  if (!homeowner) throw notFound();
  return homeowner;
}

/** POST /api/proposal/sendCreated (§4 Create flow): the new proposal, to the creator only. */
export async function sendCreated(
  ctx: AppContext,
  user: UserRow | null,
  body: { proposalId: string; to: string },
): Promise<void> {
  const { proposal, user: owner } = await requireOwner(ctx, user, body.proposalId);
  if (body.to !== owner.email) throw badRequest(ONLY_TO_SELF);
  const mail = await renderMail(
    createElement(ProposalCreatedEmail, {
      link: ctx.config.appUrl + paths.proposal(proposal.id),
      recipient: owner.email,
      name: owner.name,
      projectName: proposal.project_name,
      supportEmail: ctx.config.supportEmail,
    }),
  );
  const project = proposal.project_name.trim();
  await ctx.mailer.enqueue(ctx.db, {
    to: owner.email,
    subject: project ? `Your proposal for ${project} is ready` : 'Your proposal is ready',
    ...mail,
  });
  ctx.mailer.kick();
}

/** GET /api/proposal/suggestions: item names this contractor used under this group name. */
export async function suggestItemNames(
  ctx: AppContext,
  user: UserRow | null,
  groupName: string,
): Promise<string[]> {
  if (!user) throw unauthorized();
  if (groupName === '') return [];
  return itemNameSuggestions(ctx.db, user.id, groupName, SUGGESTIONS_LIMIT);
}

import { createElement } from 'react';
import { paths } from '../../shared/paths';
import { type ArchiveReply, type ProposalInputParsed } from '../../shared/schemas/proposal';
import type { AppContext } from '../context';
import type { ProposalRow, UserRow } from '../db/schema';
import { badRequest, conflict, notFound, unauthorized } from '../http/errors';
import { renderMail } from '../mail/render';
import { ProposalCreatedEmail } from '../mail/templates/proposal-created-email';
import { lockOwned, requireOwner, requireReader } from './access';
import { toDuplicateDraft } from './dto';
import {
  findHomeowner,
  insertEvent,
  itemNameSuggestions,
  setArchived,
  softDeleteProposal,
} from './repository';
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

/**
 * POST /api/proposal/delete: hidden at once, purged by housekeeping after 30 days. A proposal
 * with a signature is never deleted (409): the homeowner keeps it and its log (decision 0009).
 */
export async function deleteProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
): Promise<void> {
  const { proposal, user: owner } = await requireOwner(ctx, user, id);
  const signed = (p: Pick<ProposalRow, 'signed_by_contractor_at' | 'signed_by_homeowner_at'>) =>
    p.signed_by_contractor_at !== null || p.signed_by_homeowner_at !== null;
  if (signed(proposal)) throw conflict('signed_not_deletable');
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Under the lock a signature takes, and conditional: a signature landing first wins.
    // Reassigned meanwhile: no longer the caller's to delete.
    const locked = await lockOwned(trx, ctx.dialect, id, owner.id);
    if (signed(locked) || !(await softDeleteProposal(trx, id, now)))
      throw conflict('signed_not_deletable');
    await insertEvent(trx, {
      proposal_id: id,
      kind: 'deleted',
      user_id: owner.id,
      detail: '',
      now,
    });
  });
}

/**
 * POST /api/proposal/archive and /unarchive (decision 0009): the owner hides a proposal from
 * their own dashboard, or shows it again. Members keep it as it was. Archiving twice is no error.
 */
export async function archiveProposal(
  ctx: AppContext,
  user: UserRow | null,
  id: string,
  archived: boolean,
): Promise<ArchiveReply> {
  const { user: owner } = await requireOwner(ctx, user, id);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    // Given away meanwhile: the new owner's dashboard is not the caller's to change.
    await lockOwned(trx, ctx.dialect, id, owner.id);
    if (await setArchived(trx, id, archived, now)) {
      await insertEvent(
        trx,
        {
          proposal_id: id,
          kind: archived ? 'archived' : 'unarchived',
          user_id: owner.id,
          detail: '',
          now,
        },
        { planUnchanged: true },
      );
    }
  });
  return { archived };
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

/** POST /api/proposal/sendCreated (docs/product/proposals-editor.md Create flow): the new proposal, to the creator only. */
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

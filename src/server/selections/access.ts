import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { conflict, forbidden, notFound, unauthorized } from '../http/errors';
import type { Executor } from '../db/helpers';
import { findMember } from '../members/repository';
import { memberAccessNow, NOT_OWNER, requireReader, type Readable } from '../proposals/access';

/*
 * Who may change the shop page (docs/product/roles.md, issue 5): the contractor who owns the proposal, its homeowner
 * and invited members. A logged-out visitor of a public proposal tries things in the page only;
 * a signed-in reader who is none of these (a public proposal's visitor) is refused.
 */

export const LOG_IN_TO_SAVE = 'Please log in to save your selections.';
export const MEMBERS_ONLY =
  'Only the contractor, the homeowner and invited members can change the selections of this proposal.';
export const OWN_OPTIONS_ONLY = 'Invited members can remove only the options they added.';
/** Decision 0091: an invitee suggests; the homeowner's or the contractor's choice stands. */
export const CHOICE_STANDS =
  "Only the homeowner or the contractor can change this item's choice. Like an option or comment to suggest another.";
/** For readers of the proposal only (others get the plain 404 of requireReader). */
export const ITEM_GONE = 'This item is no longer among the selections of this proposal.';
export const OPTION_GONE = 'This option is no longer on the item.';

export type Shopper = Readable & { user: UserRow };

/** Logged out: 401 (whatever the id); cannot read: 404; reads it as the public: 403. */
export async function requireShopper(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
): Promise<Shopper> {
  if (!user) throw unauthorized(LOG_IN_TO_SAVE);
  const readable = await requireReader(ctx, user, proposalId);
  if (readable.access.role === 'public') throw forbidden(MEMBERS_ONLY);
  return { ...readable, user };
}

/**
 * The caller may still change the shop page, read again inside the write's transaction. A
 * request checks it first (requireShopper) and may then take seconds (a Photo URL fetched): a
 * member removed, or a proposal deleted, meanwhile writes nothing and gets the 404 a later
 * request gets.
 */
export async function stillShopping(
  trx: Executor,
  proposalId: string,
  userId: string,
): Promise<void> {
  if (!(await memberAccessNow(trx, proposalId, userId))) throw notFound();
}

/**
 * Item notes are part of the plan the homeowner signs (signing/content.ts), so only the owner
 * edits them, and only until the homeowner has signed: 409 then, as for a plan save.
 */
export async function requireNoteEditor(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
): Promise<Shopper> {
  if (!user) throw unauthorized(LOG_IN_TO_SAVE);
  const readable = await requireReader(ctx, user, proposalId);
  if (readable.access.role !== 'owner') throw forbidden(NOT_OWNER);
  if (!readable.access.canEdit) throw conflict('frozen_after_signing');
  // Signed by the contractor: only a proposal save can withdraw that signature (decision 0009).
  if (readable.proposal.signed_by_contractor_at !== null) throw conflict('signed_content_locked');
  return { ...readable, user };
}

/**
 * How the proposal names the shopper (decision 0087): its homeowner by the name its sender gave
 * them, an invitee by their account or, while it has no name, by the invitation's. Only those
 * two cost a read.
 */
export async function shopperName(
  db: Executor,
  proposalId: string,
  shopper: Shopper,
): Promise<{ name: string; email: string }> {
  const { user } = shopper;
  // A member is named as the proposal names them: the homeowner by the send, an invitee without
  // a name of their own by the invitation (decision 0087).
  const named =
    shopper.access.role === 'homeowner' || (shopper.access.role === 'invitee' && !user.name);
  if (!named) return { name: user.name, email: user.email };
  const member = await findMember(db, proposalId, user.id);
  return { name: member?.name ?? user.name, email: user.email };
}

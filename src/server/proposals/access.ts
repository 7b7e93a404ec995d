import type { ProposalAccess } from '../../shared/schemas/proposal';
import type { AppContext } from '../context';
import type { Dialect } from '../db/database';
import type { Executor, Trx } from '../db/helpers';
import type { ProposalRow, UserRow } from '../db/schema';
import { lockProposal } from '../members/repository';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { findProposalForCaller, type ProposalForCaller } from './repository';

/*
 * Who may do what with a proposal, decided in one place and used by every route:
 * - the owner reads it and, until the homeowner has signed, edits it;
 * - members (the homeowner it was sent to, invited designers and helpers) read it;
 * - anyone reads a public one;
 * - nobody else learns that it exists: they get the same 404 as for an unknown id.
 * A soft-deleted proposal is unknown to everyone. A proposal created logged out has no owner until
 * it is claimed through the e-mailed link (claim.ts), so until then nobody reads it.
 */

export const NOT_OWNER = 'Only the owner of this proposal can do this.';

type AccessFacts = Pick<
  ProposalRow,
  'owner_id' | 'deleted_at' | 'is_public' | 'signed_by_homeowner_at'
> & { member_role: 'homeowner' | 'invitee' | null };

export function accessFor(userId: string | null, p: AccessFacts): ProposalAccess | null {
  if (p.deleted_at !== null) return null;
  if (userId !== null && p.owner_id === userId) {
    return { role: 'owner', canEdit: p.signed_by_homeowner_at === null };
  }
  if (userId !== null && p.member_role) return { role: p.member_role, canEdit: false };
  if (p.is_public) return { role: 'public', canEdit: false };
  return null;
}

export interface Readable {
  proposal: ProposalForCaller;
  access: ProposalAccess;
}

/** The proposal and the caller's access, or 404 for anyone who may not read it. */
export async function requireReader(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  /** A valid print cookie for this proposal (signing/print-access.ts) reads it like the public. */
  printAccess = false,
): Promise<Readable> {
  const userId = user?.id ?? null;
  return readableOr404(
    userId,
    await findProposalForCaller(ctx.db, proposalId, userId),
    printAccess,
  );
}

/** The caller's access to a proposal row found for them, or the one 404. */
export function readableOr404<P extends ProposalForCaller>(
  userId: string | null,
  proposal: P | undefined,
  printAccess: boolean,
): { proposal: P; access: ProposalAccess } {
  const access = proposal ? readableAccess(userId, proposal, printAccess) : null;
  if (!proposal || !access) throw notFound();
  return { proposal, access };
}

/** The caller's access to read a proposal row found for them, or null. */
export function readableAccess(
  userId: string | null,
  proposal: ProposalForCaller,
  printAccess: boolean,
): ProposalAccess | null {
  const printable = printAccess && proposal.deleted_at === null && proposal.owner_id !== null;
  return (
    accessFor(userId, proposal) ?? (printable ? { role: 'public' as const, canEdit: false } : null)
  );
}

/**
 * The access a person has to a proposal as its owner or a member, read now (in the caller's
 * transaction when given one); null when they have none, or only the public's. What a grant made
 * earlier still opens: a print cookie (signing/print-access.ts) and a shop write that waited on a
 * Photo URL (selections/access.ts), so a removal or deletion meanwhile closes both.
 */
export async function memberAccessNow(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<ProposalAccess | null> {
  const proposal = await findProposalForCaller(db, proposalId, userId);
  const access = proposal ? accessFor(userId, proposal) : null;
  return access && access.role !== 'public' ? access : null;
}

/**
 * The proposal's row, locked for the caller's write (the lock a signature, a reassign and a
 * removal also take), while the caller still owns it. An owner check made before the
 * transaction does not hold inside it: a write racing a reassign would land on the proposal
 * given away. Gone or given away meanwhile: the 404 a later request gets (decision 0005).
 */
export async function lockOwned(
  trx: Trx,
  dialect: Dialect,
  proposalId: string,
  ownerId: string,
): Promise<ProposalRow> {
  const locked = await lockProposal(trx, dialect, proposalId);
  if (!locked || locked.owner_id !== ownerId) throw notFound();
  return locked;
}

/**
 * The proposal when the caller owns it. Logged out: 401 (whatever the id, so it tells nothing);
 * cannot read it: 404; can read it but is not the owner: 403.
 */
export async function requireOwner(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
): Promise<Readable & { user: UserRow }> {
  if (!user) throw unauthorized();
  const readable = await requireReader(ctx, user, proposalId);
  if (readable.access.role !== 'owner') throw forbidden(NOT_OWNER);
  return { ...readable, user };
}

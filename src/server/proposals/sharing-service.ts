import { paths } from '../../shared/paths';
import { EMAIL_ERROR, isValidEmail } from '../../shared/schemas/auth';
import type { ToggleVisibilityBody } from '../../shared/schemas/proposal';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import { findUserByEmail, insertUser, newUserRow } from '../auth/repository';
import { findHomeownerMember } from '../members/repository';
import { lockOwned, requireReader } from './access';
import { setVisibility, insertEvent, listContractorEmails, setOwner } from './repository';

/*
 * docs/product/dashboard.md Sharing (reassign, publish toggle, the contractors list) needs the reassign permission
 * 'granted' on the user (docs/product/roles.md), and for a proposal also its ownership.
 */

export const NO_SHARING_PERMISSION = 'You do not have permission to share proposals.';
export const HOMEOWNER_ADDRESS =
  'This address belongs to a homeowner account. Proposals can only be given to contractors.';
export const ALREADY_YOURS =
  'This proposal is already yours. Enter the address of another contractor.';
export const REASSIGN_TO_HOMEOWNER =
  'This contractor is the homeowner of this proposal, so it cannot be given to them.';
export const NO_SUCH_CONTRACTOR =
  'No contractor account uses this address. Check it, or create a new contractor for it.';
const CONTRACTORS_LIMIT = 1000;

function requireSharer(user: UserRow | null): UserRow {
  if (!user) throw unauthorized();
  if (user.reassign !== 'granted') throw forbidden(NO_SHARING_PERMISSION);
  return user;
}

/** Permission first (it says nothing about the id), then 404 for non-readers, 403 for non-owners. */
async function requireSharingOwner(ctx: AppContext, user: UserRow | null, id: string) {
  const sharer = requireSharer(user);
  const readable = await requireReader(ctx, sharer, id);
  if (readable.access.role !== 'owner') throw forbidden(NO_SHARING_PERMISSION);
  return { ...readable, user: sharer };
}

/**
 * The check above, made again under the proposal's lock: a reassign committed meanwhile (a
 * double click, two tabs) has made the caller a stranger to it, as a later request would find.
 */

/** POST /api/proposal/reassign: to an existing contractor, or a new contractor account. */
export async function reassignProposal(
  ctx: AppContext,
  user: UserRow | null,
  body: { id: string; newOwner: string; createNew: boolean },
): Promise<{ id: string; url: string; owner: string }> {
  const { user: sharer } = await requireSharingOwner(ctx, user, body.id);
  const email = body.newOwner;
  if (!isValidEmail(email)) throw badRequest(EMAIL_ERROR);
  // Nothing to hand on: answered before a 'reassigned' event from oneself to oneself is recorded.
  if (email === sharer.email) throw badRequest(ALREADY_YOURS);
  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockOwned(trx, ctx.dialect, body.id, sharer.id);
    // Under the lock a signature takes: signed meanwhile is seen here.
    if (locked.signed_by_contractor_at !== null || locked.signed_by_homeowner_at !== null) {
      throw conflict('signed_not_reassignable');
    }
    if (body.createNew) {
      // A race with a sign-up for the same address: the unique index decides, we read the winner.
      await insertUser(trx, newUserRow({ email, name: '', role: 'contractor', createdAt: now }), {
        ifAbsent: true,
      });
    }
    const target = await findUserByEmail(trx, email);
    if (!target) throw badRequest(NO_SUCH_CONTRACTOR);
    if (target.role !== 'contractor') throw badRequest(HOMEOWNER_ADDRESS);
    // A contractor may be a proposal's homeowner (decision 0093), but not also its owner: one
    // person would be both sides of the contract.
    if ((await findHomeownerMember(trx, body.id))?.user_id === target.id)
      throw badRequest(REASSIGN_TO_HOMEOWNER);
    await setOwner(trx, body.id, target.id);
    await insertEvent(trx, {
      proposal_id: body.id,
      kind: 'reassigned',
      user_id: sharer.id,
      detail: JSON.stringify({ from: sharer.email, to: email, created: body.createNew }),
      now,
    });
  });
  return { id: body.id, url: ctx.config.appUrl + paths.proposal(body.id), owner: email };
}

/**
 * POST /api/proposal/toggleVisibility: public (anyone with the link reads it) or private. Set to
 * what the body asks when it says, so the same request twice (a retry, a second tab) does what
 * its button said; switched when it does not (the spec's `{id}`). A change is an event; a
 * request that changes nothing records none.
 */
export async function toggleVisibility(
  ctx: AppContext,
  user: UserRow | null,
  body: ToggleVisibilityBody,
): Promise<{ isPublic: boolean }> {
  const { id } = body;
  const { user: sharer } = await requireSharingOwner(ctx, user, id);
  const now = ctx.now();
  return ctx.db.transaction().execute(async (trx) => {
    const locked = await lockOwned(trx, ctx.dialect, id, sharer.id);
    const was = locked.is_public === 1;
    const isPublic = body.isPublic ?? !was;
    if (isPublic === was) return { isPublic };
    await setVisibility(trx, id, isPublic);
    await insertEvent(
      trx,
      {
        proposal_id: id,
        kind: isPublic ? 'made_public' : 'made_private',
        user_id: sharer.id,
        detail: '',
        now,
      },
      { planUnchanged: true },
    );
    return { isPublic };
  });
}

/** GET /api/proposal/contractors: the addresses a proposal can be reassigned to. */
export async function listContractors(ctx: AppContext, user: UserRow | null): Promise<string[]> {
  const sharer = requireSharer(user);
  return listContractorEmails(ctx.db, sharer.id, CONTRACTORS_LIMIT);
}

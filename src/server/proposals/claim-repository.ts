import { changedOneRow, type Executor } from '../db/helpers';
import { nextReplyVersion } from './repository';

/** Kysely queries of claiming an unowned proposal; the rules live in claim.ts. */

/** True when the proposal is live, unowned, and its claim secret hashes to `claimHash`. */
export async function isClaimHeldBy(
  db: Executor,
  proposalId: string,
  claimHash: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('proposals')
    .select('id')
    .where('id', '=', proposalId)
    .where('owner_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where('claim_token_hash', '=', claimHash)
    .executeTakeFirst();
  return Boolean(row);
}

/**
 * Sets the owner of a live unowned proposal, as long as `userId` has used a sign-in link that
 * still names it, in the same statement: a newer link asked for meanwhile (which clears the
 * older ones' names, under the proposal's lock) leaves it unclaimed. False when it has an owner
 * already, is gone, or the link no longer names it.
 */
export async function setOwnerOfUnclaimed(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .updateTable('proposals')
    .set({ owner_id: userId, claim_token_hash: null, reply_version: nextReplyVersion })
    .where('id', '=', proposalId)
    .where('owner_id', 'is', null)
    .where('deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('login_tokens')
          .select('token_hash')
          .where('login_tokens.proposal_id', '=', proposalId)
          .where('login_tokens.user_id', '=', userId)
          .where('login_tokens.purpose', '=', 'signin')
          .where('login_tokens.used_at', 'is not', null),
      ),
    )
    .executeTakeFirst();
  return changedOneRow(result);
}

/** Only the newest link asked for a proposal claims it: earlier ones keep signing in, nothing more. */
export async function supersedeClaimLinks(db: Executor, proposalId: string): Promise<void> {
  await db
    .updateTable('login_tokens')
    .set({ proposal_id: null })
    .where('proposal_id', '=', proposalId)
    .where('purpose', '=', 'signin')
    .execute();
  await db
    .updateTable('pending_signups')
    .set({ proposal_id: null })
    .where('proposal_id', '=', proposalId)
    .execute();
}

/** The project name of a live proposal still waiting for its owner, or undefined. */
export async function findUnclaimedProjectName(
  db: Executor,
  proposalId: string,
): Promise<string | undefined> {
  const row = await db
    .selectFrom('proposals')
    .select('project_name')
    .where('id', '=', proposalId)
    .where('owner_id', 'is', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.project_name;
}

/** True when `userId` has used a sign-in link that still names this proposal. */
export async function hasUsedClaimLink(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('login_tokens')
    .select('token_hash')
    .where('proposal_id', '=', proposalId)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'signin')
    .where('used_at', 'is not', null)
    .executeTakeFirst();
  return Boolean(row);
}

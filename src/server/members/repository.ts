import { insertUser, newUserRow } from '../auth/repository';
import type { Dialect } from '../db/database';
import type { ProposalMembersTable, ProposalRow, UserRow } from '../db/schema';
import { changedOneRow, changedRows, type Executor, type Trx } from '../db/helpers';
import { touchProposalsOfUser } from '../proposals/repository';

/** Kysely queries on proposal members, and the proposal row lock their changes take. */

/**
 * The live proposal row, locked until the transaction ends. Sending, signing and membership
 * changes take this lock first, and a proposal save's conditional update takes it too, so these
 * never interleave: a signature hashes exactly the content that is stored when it commits.
 * SQLite runs one transaction at a time on its single connection, so a plain read is enough there.
 */
export async function lockProposal(
  trx: Trx,
  dialect: Dialect,
  proposalId: string,
): Promise<ProposalRow | undefined> {
  let query = trx
    .selectFrom('proposals')
    .selectAll()
    .where('id', '=', proposalId)
    .where('deleted_at', 'is', null);
  if (dialect === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export interface MemberRow {
  user_id: string;
  name: string;
  email: string;
  role: ProposalMembersTable['role'];
  user_role: UserRow['role'];
}

/** A proposal's members with the columns of a MemberRow, which every read of one shares. */
function selectMembers(db: Executor, proposalId: string) {
  return db
    .selectFrom('proposal_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select(['pm.user_id', 'u.name', 'u.email', 'pm.role', 'u.role as user_role'])
    .where('pm.proposal_id', '=', proposalId);
}

/** The homeowner first, then invitees in the order they were invited. */
export async function listMembers(db: Executor, proposalId: string): Promise<MemberRow[]> {
  const rows = await selectMembers(db, proposalId)
    .select('pm.created_at')
    .orderBy('pm.created_at')
    .orderBy('u.email')
    .execute();
  const rank = (role: MemberRow['role']) => (role === 'homeowner' ? 0 : 1);
  return rows
    .map(({ created_at: _created, ...row }) => row)
    .sort((a, b) => rank(a.role) - rank(b.role));
}

export function findMember(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<MemberRow | undefined> {
  return selectMembers(db, proposalId).where('pm.user_id', '=', userId).executeTakeFirst();
}

export function findHomeownerMember(
  db: Executor,
  proposalId: string,
): Promise<MemberRow | undefined> {
  return selectMembers(db, proposalId).where('pm.role', '=', 'homeowner').executeTakeFirst();
}

/**
 * The account for this address, made with `role` and `name` when there is none. A sign-up racing
 * for the same address is settled by the unique index: the row that exists afterwards is read.
 */
export async function findOrCreateUser(
  db: Executor,
  user: { email: string; name: string; role: UserRow['role']; now: number },
): Promise<{ row: UserRow; created: boolean }> {
  const fresh = newUserRow({ ...user, createdAt: user.now });
  await insertUser(db, fresh, { ifAbsent: true });
  const row = await db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  return { row, created: row.id === fresh.id };
}

/** Gives a nameless account the name its contractor typed; a name the person set is kept. */
export async function fillEmptyName(db: Executor, userId: string, name: string): Promise<void> {
  const result = await db
    .updateTable('users')
    .set({ name })
    .where('id', '=', userId)
    .where('name', '=', '')
    .executeTakeFirst();
  if (changedRows(result) > 0) await touchProposalsOfUser(db, userId);
}

/** Adds the member, or changes the role of an existing one. */
export async function upsertMember(
  db: Executor,
  member: Omit<ProposalMembersTable, 'created_at'> & { now: number },
): Promise<void> {
  await db
    .insertInto('proposal_members')
    .values({
      proposal_id: member.proposal_id,
      user_id: member.user_id,
      role: member.role,
      invited_by: member.invited_by,
      created_at: member.now,
    })
    .onConflict((oc) => oc.columns(['proposal_id', 'user_id']).doUpdateSet({ role: member.role }))
    .execute();
}

/** Adds an invitee; an existing membership (of either role) is left as it is. */
export async function insertInvitee(
  db: Executor,
  member: { proposal_id: string; user_id: string; invited_by: string; now: number },
): Promise<void> {
  await db
    .insertInto('proposal_members')
    .values({
      proposal_id: member.proposal_id,
      user_id: member.user_id,
      role: 'invitee',
      invited_by: member.invited_by,
      created_at: member.now,
    })
    .onConflict((oc) => oc.columns(['proposal_id', 'user_id']).doNothing())
    .execute();
}

/**
 * Ends a membership and the unused proposal links that would sign the person in to it.
 * Returns whether there was a membership.
 */
export async function removeMember(
  db: Executor,
  proposalId: string,
  userId: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('proposal_members')
    .where('proposal_id', '=', proposalId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  await db
    .deleteFrom('login_tokens')
    .where('purpose', '=', 'proposal')
    .where('proposal_id', '=', proposalId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .execute();
  return changedOneRow(result);
}

import { sql } from 'kysely';
import { insertUser, newUserRow } from '../auth/repository';
import type { Dialect } from '../db/database';
import type { ProposalMembersTable, ProposalRow, UserRow } from '../db/schema';
import { changedOneRow, type Executor, type Trx } from '../db/helpers';

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

/**
 * How a person is named on one proposal (decision 0087): its homeowner by the name that
 * proposal's sender gave them; anyone else (invitee, owner, a past member) by their own account,
 * or, while that has no name, by the name the owner gave them when inviting them.
 * `pm`: the alias of the person's membership of that proposal (left-joined: null when they are
 * none); `u`: the alias of their account.
 */
export function nameOnProposal(pm: string, u: string) {
  const given = sql.ref(`${pm}.name_on_proposal`);
  const own = sql.ref(`${u}.name`);
  return sql<string>`case when ${sql.ref(`${pm}.role`)} = 'homeowner' then ${given}
    when ${own} <> '' then ${own} else coalesce(${given}, ${own}) end`;
}

/** A proposal's members with the columns of a MemberRow, which every read of one shares. */
function selectMembers(db: Executor, proposalId: string) {
  return db
    .selectFrom('proposal_members as pm')
    .innerJoin('users as u', 'u.id', 'pm.user_id')
    .select(['pm.user_id', 'u.email', 'pm.role', 'u.role as user_role'])
    .select(nameOnProposal('pm', 'u').as('name'))
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

/**
 * Makes the person the proposal's homeowner under the name its sender typed (decision 0087): an
 * invitee becomes the homeowner, and a homeowner sent it again takes the name of this send. The
 * caller refuses a send once the homeowner signed, so a signed proposal keeps its name.
 */
export async function upsertHomeowner(
  db: Executor,
  member: { proposal_id: string; user_id: string; name: string; invited_by: string; now: number },
): Promise<void> {
  await db
    .insertInto('proposal_members')
    .values({
      proposal_id: member.proposal_id,
      user_id: member.user_id,
      role: 'homeowner',
      name_on_proposal: member.name,
      invited_by: member.invited_by,
      created_at: member.now,
    })
    .onConflict((oc) =>
      oc
        .columns(['proposal_id', 'user_id'])
        .doUpdateSet({ role: 'homeowner', name_on_proposal: member.name }),
    )
    .execute();
}

/**
 * Adds an invitee under the name the owner typed ('' for none). An existing membership is left
 * as it is, except that an invitee invited again with a name takes it: the homeowner's is the
 * send's to give (decision 0087).
 */
export async function insertInvitee(
  db: Executor,
  member: { proposal_id: string; user_id: string; name: string; invited_by: string; now: number },
): Promise<void> {
  await db
    .insertInto('proposal_members')
    .values({
      proposal_id: member.proposal_id,
      user_id: member.user_id,
      role: 'invitee',
      name_on_proposal: member.name,
      invited_by: member.invited_by,
      created_at: member.now,
    })
    .onConflict((oc) =>
      member.name === ''
        ? oc.columns(['proposal_id', 'user_id']).doNothing()
        : oc
            .columns(['proposal_id', 'user_id'])
            .doUpdateSet({ name_on_proposal: member.name })
            .where('proposal_members.role', '=', 'invitee'),
    )
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

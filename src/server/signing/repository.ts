import type { Selectable } from 'kysely';
import type { SignaturesTable } from '../db/schema';
import type { FileRow } from '../proposals/plan-repository';
import { signatureKind } from '../proposals/upload';
import { changedOneRow, type Executor } from '../db/helpers';
import { nextReplyVersion } from '../proposals/repository';

/** Kysely queries of signing; the rules live in service.ts. */

export type SignatureRow = Selectable<SignaturesTable>;

export function findFile(db: Executor, id: string): Promise<FileRow | undefined> {
  return db.selectFrom('files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function loadSignatureRows(db: Executor, proposalId: string): Promise<SignatureRow[]> {
  return db.selectFrom('signatures').selectAll().where('proposal_id', '=', proposalId).execute();
}

export async function insertSignature(db: Executor, row: SignatureRow): Promise<void> {
  await db.insertInto('signatures').values(row).execute();
}

/** The signature image becomes the proposal's (readable by its readers), if still unused. */
export async function attachSignatureFile(
  db: Executor,
  fileId: string,
  proposalId: string,
  userId: string,
  role: SignaturesTable['role'],
): Promise<boolean> {
  const result = await db
    .updateTable('files')
    .set({ proposal_id: proposalId, group_id: null, position: 0 })
    .where('id', '=', fileId)
    .where('kind', '=', signatureKind(role))
    .where('uploaded_by', '=', userId)
    .where('proposal_id', 'is', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

/** Sets signed_by_{role}_at once; false when that side had signed already. */
export async function markSigned(
  db: Executor,
  proposalId: string,
  role: SignaturesTable['role'],
  now: number,
): Promise<boolean> {
  const column = role === 'homeowner' ? 'signed_by_homeowner_at' : 'signed_by_contractor_at';
  const result = await db
    .updateTable('proposals')
    .set({ [column]: now, reply_version: nextReplyVersion })
    .where('id', '=', proposalId)
    .where(column, 'is', null)
    .executeTakeFirst();
  return changedOneRow(result);
}

/** The signer as stored now: their name, address and last sign-in go into the signature. */
export function findSigner(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'last_login_at'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

export function findOwner(db: Executor, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'company_name', 'phone_number'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** The standing signature of one side, if any. */
export function findSignature(
  db: Executor,
  proposalId: string,
  role: SignaturesTable['role'],
): Promise<SignatureRow | undefined> {
  return db
    .selectFrom('signatures')
    .selectAll()
    .where('proposal_id', '=', proposalId)
    .where('role', '=', role)
    .executeTakeFirst();
}

/** Clears signed_by_{role}_at: that side is no longer signed. */
export async function clearSigned(
  db: Executor,
  proposalId: string,
  role: SignaturesTable['role'],
): Promise<void> {
  const column = role === 'homeowner' ? 'signed_by_homeowner_at' : 'signed_by_contractor_at';
  await db
    .updateTable('proposals')
    .set({ [column]: null, reply_version: nextReplyVersion })
    .where('id', '=', proposalId)
    .execute();
}

/** Moves a signature to `signature_withdrawals`, noting when and by whom it was withdrawn. */
export async function moveToWithdrawals(
  db: Executor,
  row: SignatureRow,
  withdrawnAt: number,
  withdrawnBy: string,
): Promise<void> {
  await db
    .insertInto('signature_withdrawals')
    .values({ ...row, withdrawn_at: withdrawnAt, withdrawn_by: withdrawnBy })
    .execute();
  await db.deleteFrom('signatures').where('id', '=', row.id).execute();
}

/** Who is on the proposal now besides its owner: its members, the homeowner among them. */
export async function memberIdsOf(db: Executor, proposalId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('proposal_members')
    .select('user_id')
    .where('proposal_id', '=', proposalId)
    .execute();
  return new Set(rows.map((row) => row.user_id));
}

/** The withdrawn signatures of a proposal, oldest withdrawal first. */
export function loadWithdrawals(db: Executor, proposalId: string) {
  return db
    .selectFrom('signature_withdrawals')
    .selectAll()
    .where('proposal_id', '=', proposalId)
    .orderBy('withdrawn_at')
    .execute();
}

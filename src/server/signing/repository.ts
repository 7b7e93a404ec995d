import type { Selectable } from 'kysely';
import type { SignaturesTable } from '../db/schema';
import type { FileRow } from '../proposals/plan-repository';
import { signatureKind } from '../proposals/upload';
import { changedOneRow, type Executor } from '../db/helpers';

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
    .set({ [column]: now })
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
    .select(['id', 'name', 'email', 'company_name'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

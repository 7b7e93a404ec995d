import type { Executor } from '../db/helpers';
import type { ExpressionBuilder } from 'kysely';
import type { DatabaseSchema, FilesTable } from '../db/schema';

/** Kysely queries of the proposal housekeeping; what goes and when is decided in housekeeping.ts. */

/** Up to `limit` proposals deleted before `deletedBefore` or unowned and created before `unclaimedBefore`. */
export async function listPurgeableProposalIds(
  db: Executor,
  deletedBefore: number,
  unclaimedBefore: number,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('proposals')
    .select('id')
    .where((eb) =>
      eb.or([
        eb('deleted_at', '<', deletedBefore),
        eb.and([eb('owner_id', 'is', null), eb('created_at', '<', unclaimedBefore)]),
      ]),
    )
    .limit(limit)
    .execute();
  return rows.map((p) => p.id);
}

/**
 * Deletes these proposals and the files attached to them; returns the files' storage keys, whose
 * bytes the caller removes after the commit. Run it in a transaction.
 */
export async function deleteProposalsWithFiles(db: Executor, ids: string[]): Promise<string[]> {
  const attached = await db
    .selectFrom('files')
    .select(['id', 'storage_key'])
    .where('proposal_id', 'in', ids)
    .execute();
  // The proposal first: its signatures (which reference files) go with it.
  await db.deleteFrom('proposals').where('id', 'in', ids).execute();
  if (attached.length > 0) {
    await db
      .deleteFrom('files')
      .where(
        'id',
        'in',
        attached.map((f) => f.id),
      )
      .execute();
  }
  return attached.map((f) => f.storage_key);
}

/**
 * The file is shown by no product and used by no account or proposal (as its logo or photo);
 * whether it is attached to a proposal is the caller's test.
 */
const usedByNothing = (eb: ExpressionBuilder<DatabaseSchema, 'files'>) =>
  eb.and([
    eb.not(
      eb.exists(
        eb
          .selectFrom('products')
          .select('products.id')
          .whereRef('products.image_file_id', '=', 'files.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.id')
          .whereRef('users.company_logo_file_id', '=', 'files.id'),
      ),
    ),
    eb.not(
      eb.exists(
        eb
          .selectFrom('proposals as p')
          .select('p.id')
          .where((inner) =>
            inner.or([
              inner('p.company_logo_file_id', '=', inner.ref('files.id')),
              inner('p.personal_photo_file_id', '=', inner.ref('files.id')),
            ]),
          ),
      ),
    ),
  ]);

/**
 * Up to `limit` files of these kinds attached to no proposal since before `createdBefore` and
 * used by no product, account or proposal.
 */
export function listUnusedFiles(
  db: Executor,
  kinds: readonly FilesTable['kind'][],
  createdBefore: number,
  limit: number,
) {
  return db
    .selectFrom('files')
    .select(['files.id', 'files.storage_key'])
    .where('files.proposal_id', 'is', null)
    .where('files.created_at', '<', createdBefore)
    .where('files.kind', 'in', kinds)
    .where(usedByNothing)
    .limit(limit)
    .execute();
}

/**
 * Deletes these files if they are still attached to no proposal and used by nothing: a save may
 * have attached one meanwhile, or made it a logo or photo, whose reference would become null.
 * Returns the ones deleted.
 */
export function deleteFilesIfStillUnused(db: Executor, ids: string[]) {
  return db
    .deleteFrom('files')
    .where('id', 'in', ids)
    .where('proposal_id', 'is', null)
    .where(usedByNothing)
    .returning(['id', 'storage_key'])
    .execute();
}

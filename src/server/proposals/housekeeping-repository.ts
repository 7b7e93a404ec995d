import type { Dialect } from '../db/database';
import type { Executor } from '../db/helpers';
import type { ExpressionBuilder } from 'kysely';
import type { DatabaseSchema, FilesTable } from '../db/schema';

/** Kysely queries of the proposal housekeeping; what goes and when is decided in housekeeping.ts. */

/** When a proposal may go: deleted before the first cut-off, or unowned and created before the second. */
export interface PurgeCutoffs {
  deletedBefore: number;
  unclaimedBefore: number;
}

const purgeable = (eb: ExpressionBuilder<DatabaseSchema, 'proposals'>, cutoffs: PurgeCutoffs) =>
  eb.or([
    eb('deleted_at', '<', cutoffs.deletedBefore),
    eb.and([eb('owner_id', 'is', null), eb('created_at', '<', cutoffs.unclaimedBefore)]),
  ]);

/** Up to `limit` proposals that may go. */
export async function listPurgeableProposalIds(
  db: Executor,
  cutoffs: PurgeCutoffs,
  limit: number,
): Promise<string[]> {
  const rows = await db
    .selectFrom('proposals')
    .select('id')
    .where((eb) => purgeable(eb, cutoffs))
    .limit(limit)
    .execute();
  return rows.map((p) => p.id);
}

/**
 * Deletes those of these proposals that may still go, with the files attached to them, and
 * answers how many went and the files' storage keys (the caller removes the bytes after the
 * commit). Run it in a transaction: the rows are read again under lock, so a proposal claimed
 * since the list was read stays with its new owner.
 */
export async function purgeProposals(
  trx: Executor,
  dialect: Dialect,
  ids: string[],
  cutoffs: PurgeCutoffs,
): Promise<{ proposals: number; keys: string[] }> {
  let query = trx
    .selectFrom('proposals')
    .select('id')
    .where('id', 'in', ids)
    .where((eb) => purgeable(eb, cutoffs));
  if (dialect === 'postgres') query = query.forUpdate();
  const still = (await query.execute()).map((p) => p.id);
  if (still.length === 0) return { proposals: 0, keys: [] };
  const attached = await trx
    .selectFrom('files')
    .select(['id', 'storage_key'])
    .where('proposal_id', 'in', still)
    .execute();
  // The proposal first: its signatures (which reference files) go with it.
  await trx.deleteFrom('proposals').where('id', 'in', still).execute();
  if (attached.length > 0) {
    await trx
      .deleteFrom('files')
      .where(
        'id',
        'in',
        attached.map((f) => f.id),
      )
      .execute();
  }
  return { proposals: still.length, keys: attached.map((f) => f.storage_key) };
}

/**
 * The file is shown by no product and used by no account, proposal or sign-up waiting for its
 * link (as its logo or photo); whether it is attached to a proposal is the caller's test. A
 * sign-up sent again keeps its logo past the day an upload is kept for (decision 0078).
 */
export const usedByNothing = (eb: ExpressionBuilder<DatabaseSchema, 'files'>) =>
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
          .selectFrom('pending_signups')
          .select('pending_signups.token_hash')
          .whereRef('pending_signups.company_logo_file_id', '=', 'files.id'),
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
 * used by no product, account, proposal or waiting sign-up.
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

import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../db/database';
import { changedOneRow, type Executor } from '../db/helpers';
import type { FilesTable, ProposalRow } from '../db/schema';

export type FileWithContext = Selectable<FilesTable> & {
  /**
   * Some account shows it as its company logo, or did and proposals still borrow it (public,
   * like the account's pages).
   */
  is_account_logo: boolean;
  /** A catalogue product shows it (public, like the catalogue itself). */
  is_catalogue_image: boolean;
  /** It is the image of a withdrawn signature (decision 0076): who signed with it; else null. */
  withdrawn_signer_id: string | null;
  /** The proposal it is attached to, when there is one, with the caller's membership. */
  proposal:
    | (Pick<ProposalRow, 'owner_id' | 'deleted_at' | 'is_public' | 'signed_by_homeowner_at'> & {
        member_role: 'homeowner' | 'invitee' | null;
      })
    | null;
};

/** A file with what decides who may read it, in one query. */
export async function findFileWithContext(
  db: Db,
  id: string,
  userId: string | null,
): Promise<FileWithContext | undefined> {
  const row = await db
    .selectFrom('files as f')
    .leftJoin('proposals as p', 'p.id', 'f.proposal_id')
    .leftJoin('proposal_members as pm', (join) =>
      join.onRef('pm.proposal_id', '=', 'p.id').on('pm.user_id', '=', userId ?? ''),
    )
    .selectAll('f')
    .select((eb) => [
      'p.id as p_id',
      'p.owner_id as p_owner_id',
      'p.deleted_at as p_deleted_at',
      'p.is_public as p_is_public',
      'p.signed_by_homeowner_at as p_signed_by_homeowner_at',
      'pm.role as member_role',
      eb
        .or([
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .whereRef('users.company_logo_file_id', '=', 'f.id'),
          ),
          // A logo an account had, still on the covers of proposals that borrowed it: changing
          // the account's logo leaves what proposals already show as it was (decision 0094).
          eb.and([
            eb('f.kind', '=', 'company_logo'),
            eb('f.proposal_id', 'is', null),
            eb.exists(
              eb
                .selectFrom('proposals as lp')
                .select('lp.id')
                .whereRef('lp.company_logo_file_id', '=', 'f.id')
                // A deleted proposal shows nobody its cover (review 28 F6).
                .where('lp.deleted_at', 'is', null),
            ),
          ]),
        ])
        .as('is_account_logo'),
      eb
        .exists(
          eb
            .selectFrom('products')
            .select('products.id')
            .whereRef('products.image_file_id', '=', 'f.id')
            .where('products.catalogue', '=', 1),
        )
        .as('is_catalogue_image'),
      eb
        .selectFrom('signature_withdrawals as w')
        .select('w.user_id')
        .whereRef('w.file_id', '=', 'f.id')
        .limit(1)
        .as('withdrawn_signer_id'),
    ])
    .where('f.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  const {
    p_id,
    p_owner_id,
    p_deleted_at,
    p_is_public,
    p_signed_by_homeowner_at,
    member_role,
    is_account_logo,
    is_catalogue_image,
    withdrawn_signer_id,
    ...file
  } = row;
  return {
    ...file,
    is_account_logo: Boolean(is_account_logo),
    is_catalogue_image: Boolean(is_catalogue_image),
    withdrawn_signer_id: withdrawn_signer_id ?? null,
    proposal: p_id
      ? {
          owner_id: p_owner_id ?? null,
          deleted_at: p_deleted_at ?? null,
          is_public: p_is_public ?? 0,
          signed_by_homeowner_at: p_signed_by_homeowner_at ?? null,
          member_role: member_role ?? null,
        }
      : null,
  };
}

export async function insertFile(db: Executor, row: Insertable<FilesTable>): Promise<void> {
  await db.insertInto('files').values(row).execute();
}

/**
 * Deletes a file row only as seen: unattached (`proposalId` null) or attached to that proposal.
 * False when a save attached or detached it meanwhile (or it is gone).
 */
export async function deleteFileAsSeen(
  db: Executor,
  id: string,
  proposalId: string | null,
): Promise<boolean> {
  let query = db.deleteFrom('files').where('id', '=', id);
  query =
    proposalId === null
      ? query.where('proposal_id', 'is', null)
      : query.where('proposal_id', '=', proposalId);
  return changedOneRow(await query.executeTakeFirst());
}

/** Where a file's bytes are stored and the name it was uploaded with. */
export function findStoredFile(
  db: Executor,
  id: string,
): Promise<{ storage_key: string; original_name: string } | undefined> {
  return db
    .selectFrom('files')
    .select(['storage_key', 'original_name'])
    .where('id', '=', id)
    .executeTakeFirst();
}

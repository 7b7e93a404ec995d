import type { Updateable } from 'kysely';
import { sql } from 'kysely';
import type { UsersTable } from '../db/schema';
import { changedOneRow, type Executor } from '../db/helpers';

/** What the account settings page changes (decision 0094); the e-mail address is not among it. */
export type AccountChange = Pick<
  Updateable<UsersTable>,
  'name' | 'phone_number' | 'company_name' | 'company_logo_file_id'
>;

/**
 * Writes the change only on the version the page loaded, moving it on: false when another tab or
 * device saved first (or the account is gone), and nothing is written.
 */
export async function updateAccountAsSeen(
  db: Executor,
  userId: string,
  version: number,
  change: AccountChange,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ ...change, account_version: sql<number>`account_version + 1` })
    .where('id', '=', userId)
    .where('account_version', '=', version)
    .executeTakeFirst();
  return changedOneRow(result);
}

/**
 * Whether a file may become this account's logo: a company logo the caller uploaded that no
 * proposal holds (a fresh upload through POST /api/proposal/photo-upload, field companyLogo).
 */
export async function isOwnFreshLogo(
  db: Executor,
  userId: string,
  fileId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('files')
    .select('id')
    .where('id', '=', fileId)
    .where('kind', '=', 'company_logo')
    .where('uploaded_by', '=', userId)
    .where('proposal_id', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

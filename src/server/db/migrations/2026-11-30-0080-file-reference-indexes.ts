import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0004: every lookup has an index. These columns were looked up without one:
 * - every file read asks whether the file is an account's logo (users.company_logo_file_id);
 * - deleting a file makes both engines look for rows that still point at it (the foreign keys of
 *   proposals, signatures, signature_withdrawals and pending_signups), and the hourly
 *   housekeeping deletes up to 200 at once, holding SQLite's only write lock meanwhile;
 * - a sign-in that claims a proposal supersedes that proposal's other claim links
 *   (login_tokens.proposal_id), under the proposal's lock.
 * Plain indexes, so that SQLite's foreign-key checks can use them.
 */
const INDEXES: [name: string, table: string, column: string][] = [
  ['users_company_logo_idx', 'users', 'company_logo_file_id'],
  ['proposals_personal_photo_idx', 'proposals', 'personal_photo_file_id'],
  ['proposals_company_logo_idx', 'proposals', 'company_logo_file_id'],
  ['signatures_file_idx', 'signatures', 'file_id'],
  ['signature_withdrawals_file_idx', 'signature_withdrawals', 'file_id'],
  ['pending_signups_company_logo_idx', 'pending_signups', 'company_logo_file_id'],
  ['login_tokens_proposal_idx', 'login_tokens', 'proposal_id'],
];

export async function up(db: AnyDb): Promise<void> {
  for (const [name, table, column] of INDEXES)
    await db.schema.createIndex(name).on(table).column(column).execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
}

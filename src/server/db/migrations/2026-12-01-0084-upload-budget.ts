import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0088: uploads are bounded by the bytes kept, per account, per client address when
 * logged out, and for everyone together, counted over the last day before each upload is stored.
 * - files.upload_client: the address key (an IPv6 client by its /64) of a logged-out upload,
 *   the key the upload rate limit counts it by; null for signed-in uploads. It is only a key to
 *   sum by: housekeeping deletes unused uploads after a day, and a proposal purge takes the rest.
 * - Each sum reads one key's files of the last day, or everyone's, by time: without these
 *   indexes every upload would read the whole files table.
 */
const INDEXES: [name: string, columns: string[]][] = [
  ['files_uploader_created_idx', ['uploaded_by', 'created_at']],
  ['files_client_created_idx', ['upload_client', 'created_at']],
  ['files_created_idx', ['created_at']],
];

export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('files').addColumn('upload_client', 'text').execute();
  for (const [name, columns] of INDEXES)
    await db.schema.createIndex(name).on('files').columns(columns).execute();
  // The uploader's index is now the first half of files_uploader_created_idx.
  await db.schema.dropIndex('files_uploader_idx').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex('files_uploader_idx').on('files').column('uploaded_by').execute();
  for (const [name] of INDEXES) await db.schema.dropIndex(name).execute();
  await db.schema.alterTable('files').dropColumn('upload_client').execute();
}

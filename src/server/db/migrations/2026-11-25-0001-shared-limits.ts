import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 13 section 1, several instances on one database
 * (docs/decisions/0031-limits-and-jobs-across-instances.md):
 * - `request_counts`: the general request rate limit, one row per client key (its IP) and fixed
 *   window, counted by one upsert per request so every instance sees the same count.
 * - `job_leases`: one row per periodic job (housekeeping, index compaction); an instance runs the
 *   job only when it takes the lease, which lasts the job's period, so the fleet runs it once per
 *   period and a crashed holder's lease simply runs out.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('request_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_ends_at', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .execute();
  // Housekeeping deletes windows that have ended.
  await db.schema
    .createIndex('request_counts_window_idx')
    .on('request_counts')
    .column('window_ends_at')
    .execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('taken_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('job_leases').execute();
  await db.schema.dropTable('request_counts').execute();
}

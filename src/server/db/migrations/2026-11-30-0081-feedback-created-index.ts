import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0081: every message written to support is counted against an hourly bound for all
 * senders together, by when it came (error reports have had this index from the start).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.createIndex('feedback_created_idx').on('feedback').column('created_at').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('feedback_created_idx').execute();
}

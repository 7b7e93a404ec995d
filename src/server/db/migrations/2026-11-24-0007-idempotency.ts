import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 18, idempotent saves (docs/decisions/0015-idempotent-saves.md): one row per
 * `Idempotency-Key` a signed-in user sent with a save that committed, written in the save's own
 * transaction, so a retry whose first answer was lost finds it even after a crash.
 * - `fingerprint`: SHA-256 of the operation, its path and its body; the same key with another
 *   request is refused rather than answered with someone else's result.
 * - `result`: what the first answer needs (the new proposal's id, the saved version, or the
 *   whole JSON reply of an added option or comment).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();
  // Housekeeping clears keys older than a day.
  await db.schema
    .createIndex('idempotency_keys_created_idx')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}

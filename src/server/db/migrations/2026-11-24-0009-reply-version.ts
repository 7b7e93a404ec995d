import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 12 (decision 0024): a counter every write that changes what a reader of the proposal
 * sees moves, so a serialized reply can be kept per proposal and counter. Apart from `version`,
 * which the editor sends back to detect a stale save: a homeowner's signature or a new option
 * must not make the contractor's open editor stale.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('proposals')
    .addColumn('reply_version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('proposals').dropColumn('reply_version').execute();
}

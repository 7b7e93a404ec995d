import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0094: the account settings page sends back the version it loaded, so a change made in
 * another tab meanwhile is refused (409) rather than silently overwritten. A counter, not a
 * time: two saves in one millisecond would share a time.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('account_version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').dropColumn('account_version').execute();
}

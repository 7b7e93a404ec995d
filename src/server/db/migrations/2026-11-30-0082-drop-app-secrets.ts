import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * The contract half of migration 0079 (decision 0006): the print cookie's key comes from
 * APP_SECRET since the release before this one, which neither reads nor writes `app_secrets`, so
 * no instance that may still run during a rolling start needs the table. Nothing secret is kept
 * in the database any more.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
}

export async function down(db: AnyDb): Promise<void> {
  // As the initial migration made it; the version before makes its key again at its first start.
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

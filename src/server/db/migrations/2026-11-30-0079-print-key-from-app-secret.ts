import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * The print cookie's HMAC key is derived from APP_SECRET now (signing/print-access.ts), which is
 * never in the database: a copy of the database must not forge a cookie that reads proposals
 * through the live app. The key kept here was its only row. Cookies signed with it last ten
 * minutes, so none is carried over.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropTable('app_secrets').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('app_secrets')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

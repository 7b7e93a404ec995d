import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 12 (decision 0036): how many of the moves of `reply_version` were writes known to leave
 * the plan (cost groups, items, their images) as it was. `reply_version - header_changes` moves
 * with every other write, so it names the plan a kept part of the reply was made from; a write
 * that does not say it is header-only moves it, as it must.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('proposals')
    .addColumn('header_changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('proposals').dropColumn('header_changes').execute();
}

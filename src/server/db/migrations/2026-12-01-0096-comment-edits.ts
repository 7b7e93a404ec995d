import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0095: a comment's author may edit it. `version` moves with every edit, so an edit
 * made from a screen that showed an older text is refused (409) instead of overwriting; the page
 * says '(edited)' from `edited_at`, null for a comment never edited.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('comments')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('comments').addColumn('edited_at', 'bigint').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('comments').dropColumn('edited_at').execute();
  await db.schema.alterTable('comments').dropColumn('version').execute();
}

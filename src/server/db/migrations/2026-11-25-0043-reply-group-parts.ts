import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 12 (decision 0043): the plan part of a kept reply in parts, one per cost group.
 * `proposals.group_changes` counts the moves of `reply_version` made by writes known to change
 * one group only (an item's note, an option added or removed), so `reply_version -
 * header_changes - group_changes` moves with every other write and names the plan's structure;
 * `cost_groups.part_version` moves with each write known to change that group only.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('proposals')
    .addColumn('group_changes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('cost_groups')
    .addColumn('part_version', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('cost_groups').dropColumn('part_version').execute();
  await db.schema.alterTable('proposals').dropColumn('group_changes').execute();
}

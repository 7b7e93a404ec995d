import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0091: an item's Chosen option says who chose it, when, and as what (owner, homeowner
 * or invitee at that moment), so the homeowner and the contractor can tell whose choice it is,
 * and an invitee cannot replace the homeowner's. Options chosen before this stay unattributed.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('options')
    .addColumn('chosen_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.alterTable('options').addColumn('chosen_at', 'bigint').execute();
  await db.schema.alterTable('options').addColumn('chosen_role', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('options').dropColumn('chosen_role').execute();
  await db.schema.alterTable('options').dropColumn('chosen_at').execute();
  await db.schema.alterTable('options').dropColumn('chosen_by').execute();
}

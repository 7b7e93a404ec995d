import { type Kysely, sql } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0087: a proposal's homeowner is named by that proposal's sender, on the membership,
 * not by whichever contractor first e-mailed the address (review 27 F2). Existing homeowner
 * memberships take their account's current name, so every proposal reads as it did before.
 */
export async function up(db: AnyDb): Promise<void> {
  // '' for invitees: they are named by their own account.
  await db.schema
    .alterTable('proposal_members')
    .addColumn('name_on_proposal', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`update proposal_members
    set name_on_proposal = (select u.name from users u where u.id = proposal_members.user_id)
    where role = 'homeowner'`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  // The version before reads the account's name: accounts a send made nameless since get the
  // name of their oldest homeowner membership back, as that version would have given them.
  await sql`update users set name = (
      select pm.name_on_proposal from proposal_members pm
      where pm.user_id = users.id and pm.role = 'homeowner' and pm.name_on_proposal <> ''
      order by pm.created_at, pm.proposal_id limit 1)
    where name = '' and exists (
      select 1 from proposal_members pm
      where pm.user_id = users.id and pm.role = 'homeowner' and pm.name_on_proposal <> '')`.execute(
    db,
  );
  await db.schema.alterTable('proposal_members').dropColumn('name_on_proposal').execute();
}

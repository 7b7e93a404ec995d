import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0097: a person can stop the comment e-mails of one proposal. A row says they did;
 * turning them back on deletes it. Nothing is told about comments to a (proposal, person) with a
 * row here. Written alone, in its own transaction, so the proposal's key is the only lock its
 * foreign key takes and no plan save waits on it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('comment_email_opt_outs')
    .addColumn('proposal_id', 'text', (c) =>
      c.notNull().references('proposals.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_email_opt_outs_pk', ['proposal_id', 'user_id'])
    .execute();
  // Deleting a user finds their rows without reading the whole table.
  await db.schema
    .createIndex('comment_email_opt_outs_user_idx')
    .on('comment_email_opt_outs')
    .column('user_id')
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('comment_email_opt_outs').execute();
}

import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0092: a comment is e-mailed to the proposal's other people, batched. One row per
 * comment and person still to be told; the oldest row of a (proposal, person) starts its window,
 * and the job that sends the digest deletes the rows it lists, so a row is told once.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('comment_notices')
    .addColumn('comment_id', 'text', (c) =>
      c.notNull().references('comments.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // No foreign key: its check would lock the proposal's row after the item's, the reverse of a
    // plan save's order (a deadlock on PostgreSQL). The comment's cascade removes the row anyway.
    .addColumn('proposal_id', 'text', (c) => c.notNull())
    // The comment's time: the oldest of a (proposal, person) opens the batching window.
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_notices_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('comment_notices_recipient_idx')
    .on('comment_notices')
    .columns(['proposal_id', 'user_id', 'created_at'])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('comment_notices').execute();
}

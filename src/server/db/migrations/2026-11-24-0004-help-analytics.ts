import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Issue 10: product analytics recorded on the server (decision 0011), and a reply-to address on
 * outgoing mail so support can answer a message from the help panel directly.
 */
export async function up(db: AnyDb): Promise<void> {
  // One row per successful state-changing request that maps to a product event. No foreign key
  // on user_id: an account deleted later keeps its anonymous history until the retention ends.
  await db.schema
    .createTable('analytics_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('properties', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // Housekeeping deletes by age; reports read by name over a period.
  await db.schema
    .createIndex('analytics_events_created_idx')
    .on('analytics_events')
    .column('created_at')
    .execute();
  await db.schema
    .createIndex('analytics_events_name_idx')
    .on('analytics_events')
    .columns(['name', 'created_at'])
    .execute();

  await db.schema.alterTable('mail_outbox').addColumn('reply_to', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('reply_to').execute();
  await db.schema.dropTable('analytics_events').execute();
}

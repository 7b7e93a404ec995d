import type { Kysely } from 'kysely';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

/*
 * Decision 0090: a message a contractor sends goes out as 'Carla Contreras via Plansmith' with our
 * own address. The display name is kept beside `reply_to`, not in the sealed body, because the
 * worker builds the From header from it when it sends; null keeps MAIL_FROM as it is.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').addColumn('from_name', 'text').execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('from_name').execute();
}

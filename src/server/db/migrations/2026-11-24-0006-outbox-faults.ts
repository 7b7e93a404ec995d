import type { Kysely } from 'kysely';

/*
 * The outbox under faults (docs/decisions/0013-outbox-under-faults.md):
 * - `priority`: 0 for a message carrying a sign-in or proposal link, 1 for the rest; the worker
 *   sends the lower number first.
 * - `link_expires_at`: when the link in the message stops working; a message whose link has
 *   expired (or is about to) is never sent.
 * - `claimed_until`: the lease of the instance sending the row, null when nobody is; kept apart
 *   from `next_attempt_at` so waking the waiting rows never touches a row being sent.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDb = Kysely<any>;

export async function up(db: AnyDb): Promise<void> {
  const time = 'bigint';
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('mail_outbox').addColumn('link_expires_at', time).execute();
  await db.schema.alterTable('mail_outbox').addColumn('claimed_until', time).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('claimed_until').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('link_expires_at').execute();
  await db.schema.alterTable('mail_outbox').dropColumn('priority').execute();
}

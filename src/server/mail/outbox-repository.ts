import type { Insertable, Updateable } from 'kysely';
import { changedOneRow, changedRows, type Executor } from '../db/helpers';
import type { MailOutboxTable, MailRow } from '../db/schema';

/** Kysely queries on the outbox; the delivery rules live in mailer.ts. */

export async function insertMail(db: Executor, row: Insertable<MailOutboxTable>): Promise<void> {
  await db.insertInto('mail_outbox').values(row).execute();
}

/** Pending rows, not claimed by anyone now, whose time has come: link mail first, at most `limit`. */
export function listDueMail(db: Executor, now: number, limit: number): Promise<MailRow[]> {
  return db
    .selectFrom('mail_outbox')
    .selectAll()
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .orderBy('priority')
    .orderBy('next_attempt_at')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Claims a due pending row until `until`, so two instances never send it twice; false when it is
 * no longer due, pending or free.
 */
export async function claimMail(
  db: Executor,
  id: string,
  now: number,
  until: number,
): Promise<boolean> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ claimed_until: until })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  return changedOneRow(result);
}

/** Every pending row waiting for a later slot (and not being sent) is due now; returns how many. */
export async function makeWaitingMailDue(db: Executor, now: number): Promise<number> {
  const result = await db
    .updateTable('mail_outbox')
    .set({ next_attempt_at: now })
    .where('status', '=', 'pending')
    .where('next_attempt_at', '>', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
    .executeTakeFirst();
  return changedRows(result);
}

/** Records what became of one row (sent, failed, or a later attempt). */
export async function updateMail(
  db: Executor,
  id: string,
  changes: Updateable<MailOutboxTable>,
): Promise<void> {
  await db.updateTable('mail_outbox').set(changes).where('id', '=', id).execute();
}

/** The stored (sealed) body of one message: undefined when there is no such row. */
export function findMailBody(db: Executor, id: string) {
  return db.selectFrom('mail_outbox').select('body').where('id', '=', id).executeTakeFirst();
}

/** Rows whose body starts with `prefix` (bodies a migration carried over in clear). */
export function listMailWithBodyPrefix(db: Executor, prefix: string) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'status', 'body'])
    .where('body', 'like', `${prefix}%`)
    .execute();
}

/** The newest messages, for /dev/mail. */
export function listRecentMail(db: Executor, limit: number) {
  return db
    .selectFrom('mail_outbox')
    .select(['id', 'to_address', 'subject', 'status', 'created_at'])
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
}

/** How many messages the outbox holds in each state (pending, failed, …): for /metrics. */
export async function countMailByStatus(db: Executor): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('count')])
    .where('status', 'in', ['pending', 'failed'])
    .groupBy('status')
    .execute();
  return new Map(rows.map((row) => [row.status, Number(row.count)]));
}

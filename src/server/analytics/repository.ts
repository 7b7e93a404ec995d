import type { Insertable } from 'kysely';
import { changedRows, type Executor } from '../db/helpers';
import type { AnalyticsEventsTable, UserRow } from '../db/schema';

/** Kysely queries of product analytics; what is recorded is decided in plugin.ts and record.ts. */

/** Several events in one statement: one commit for the lot. */
export async function insertAnalyticsEvents(
  db: Executor,
  rows: Insertable<AnalyticsEventsTable>[],
): Promise<void> {
  await db.insertInto('analytics_events').values(rows).execute();
}

/** Deletes events created before `cutoff`; returns how many went. */
export async function deleteEventsBefore(db: Executor, cutoff: number): Promise<number> {
  const result = await db
    .deleteFrom('analytics_events')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return changedRows(result);
}

/** The account of this address if it was created at or after `since` (by this request). */
export function findUserCreatedSince(
  db: Executor,
  email: string,
  since: number,
): Promise<Pick<UserRow, 'id' | 'role'> | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'role'])
    .where('email', '=', email)
    .where('created_at', '>=', since)
    .executeTakeFirst();
}

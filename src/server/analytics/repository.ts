import type { Insertable } from 'kysely';
import { unsyncedSqliteWrite } from '../db/database';
import { changedRows, type Executor } from '../db/helpers';
import type { AnalyticsEventsTable } from '../db/schema';

/** Kysely queries of product analytics; what is recorded is decided in plugin.ts and record.ts. */

/**
 * Several events in one statement: one commit for the lot. On SQLite the commit does not wait
 * for the disk (decision 0047): a batch's fsync on the request thread took 5–79 ms under load,
 * once a second through a burst of clips, and the events already wait in memory for up to a
 * second, lost if the process dies; a power cut may now lose the last ones too.
 */
export async function insertAnalyticsEvents(
  db: Executor,
  rows: Insertable<AnalyticsEventsTable>[],
): Promise<void> {
  const compiled = db.insertInto('analytics_events').values(rows).compile();
  if (!unsyncedSqliteWrite(db, compiled.sql, compiled.parameters)) await db.executeQuery(compiled);
}

/** Deletes events created before `cutoff`; returns how many went. */
export async function deleteEventsBefore(db: Executor, cutoff: number): Promise<number> {
  const result = await db
    .deleteFrom('analytics_events')
    .where('created_at', '<', cutoff)
    .executeTakeFirst();
  return changedRows(result);
}

/** Whether this account was made at or after `since` (by the request that began then). */
export async function isUserCreatedSince(
  db: Executor,
  userId: string,
  since: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('id', '=', userId)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row !== undefined;
}

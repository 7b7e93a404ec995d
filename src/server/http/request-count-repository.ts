import { sql } from 'kysely';
import { unsyncedSqliteWrite } from '../db/database';
import type { Executor } from '../db/helpers';

/**
 * Counts `count` requests of `key` in its fixed window and answers the count so far and when the
 * window ends. One statement, atomic on both engines (SQLite takes the write lock for the whole statement;
 * PostgreSQL's ON CONFLICT DO UPDATE locks the row and sees the latest count), so requests spread
 * over several instances are counted once each. A window that has ended starts again from `count`.
 * On SQLite the commit does not wait for the disk (decision 0041): a count lost in a power cut
 * admits a few more requests, while a route with a small limit (a clip: a batch of 1) would
 * otherwise wait for an fsync on every request.
 */
export async function countRequests(
  db: Executor,
  key: string,
  count: number,
  now: number,
  windowMs: number,
): Promise<{ hits: number; windowEndsAt: number }> {
  const query = sql<{ hits: number; window_ends_at: number }>`
    insert into request_counts (key, window_ends_at, hits) values (${key}, ${now + windowMs}, ${count})
    on conflict (key) do update set
      hits = case when request_counts.window_ends_at <= ${now} then excluded.hits
        else request_counts.hits + excluded.hits end,
      window_ends_at = case when request_counts.window_ends_at <= ${now}
        then excluded.window_ends_at else request_counts.window_ends_at end
    returning hits, window_ends_at`;
  const compiled = query.compile(db);
  const { rows } =
    unsyncedSqliteWrite<{ hits: number; window_ends_at: number }>(
      db,
      compiled.sql,
      compiled.parameters,
    ) ?? (await db.executeQuery(compiled));
  const row = rows[0];
  if (!row) throw new Error('request count upsert returned no row');
  return { hits: Number(row.hits), windowEndsAt: Number(row.window_ends_at) };
}

/** Housekeeping: windows that have ended count for nothing. */
export async function deleteEndedRequestWindows(db: Executor, now: number): Promise<void> {
  await db.deleteFrom('request_counts').where('window_ends_at', '<=', now).execute();
}

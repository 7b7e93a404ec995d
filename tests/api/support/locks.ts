import { sql } from 'kysely';
import type { TestApp } from './test-app';

/**
 * How many statements wait on a row lock, as PostgreSQL sees them: a test holding a lock waits
 * on this to know the request it started has reached it. PostgreSQL only.
 */
export async function lockWaiters(t: TestApp): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock'`.execute(t.app.ctx.db);
  return rows[0]?.n ?? 0;
}

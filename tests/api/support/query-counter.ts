import type { CompiledQuery } from 'kysely';
import { directReadCount } from '../../../src/server/db/database';
import type { TestApp } from './test-app';

export interface QueryCounter {
  /** SQL queries the app ran since the last reset. */
  readonly count: number;
  reset(): void;
}

const BACKGROUND_TABLES = /"(?:mail_outbox|analytics_events)"/;

/**
 * Counts every query of the app: at Kysely's executor, and the reads of the hot paths that run
 * beside it on a prepared statement (decisions 0039 and 0042), each one statement and one round
 * trip.
 */
export function countQueries(t: TestApp): QueryCounter {
  const { db } = t.app.ctx;
  let count = 0;
  let directAtReset = directReadCount(db);
  const executor = db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: CompiledQuery) => {
    // Work the app does beside requests (the outbox worker, analytics written after a reply has
    // gone) may land inside a counted request on a busy machine: it is not the request's.
    if (!BACKGROUND_TABLES.test(query.sql)) count += 1;
    return execute(query);
  }) as typeof executor.executeQuery;
  return {
    get count() {
      return count + directReadCount(db) - directAtReset;
    },
    reset() {
      count = 0;
      directAtReset = directReadCount(db);
    },
  };
}

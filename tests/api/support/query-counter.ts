import type { CompiledQuery } from 'kysely';
import type { TestApp } from './test-app';

export interface QueryCounter {
  /** SQL queries the app ran since the last reset. */
  readonly count: number;
  reset(): void;
}

const BACKGROUND_TABLES = /"(?:mail_outbox|analytics_events)"/;

/** Counts every query of the app at Kysely's executor, which all of them go through. */
export function countQueries(t: TestApp): QueryCounter {
  let count = 0;
  const executor = t.app.ctx.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: CompiledQuery) => {
    // Work the app does beside requests (the outbox worker, analytics written after a reply has
    // gone) may land inside a counted request on a busy machine: it is not the request's.
    if (!BACKGROUND_TABLES.test(query.sql)) count += 1;
    return execute(query);
  }) as typeof executor.executeQuery;
  return {
    get count() {
      return count;
    },
    reset() {
      count = 0;
    },
  };
}

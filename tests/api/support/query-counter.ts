import type { CompiledQuery } from 'kysely';
import type { TestApp } from './test-app';

export interface QueryCounter {
  /** SQL queries the app ran since the last reset. */
  readonly count: number;
  reset(): void;
}

/** Counts every query of the app at Kysely's executor, which all of them go through. */
export function countQueries(t: TestApp): QueryCounter {
  let count = 0;
  const executor = t.app.ctx.db.getExecutor();
  const execute = executor.executeQuery.bind(executor);
  executor.executeQuery = ((query: CompiledQuery) => {
    count += 1;
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

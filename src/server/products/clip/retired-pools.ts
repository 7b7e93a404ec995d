/** What a pool must offer to be retired: piscina's `destroy`. */
interface Stoppable {
  destroy(): Promise<void>;
}

/**
 * The tasks each parse pool holds, and the pools retired after a task passed its time limit
 * (page-parser.ts). A retired pool takes no new task; it finishes those it holds, each within its
 * own limit, and is stopped once the last has settled or a limit after its retirement, whichever
 * comes first, with any task still stuck in it. Counted here rather than left to piscina's
 * `close()`, which (5.3) counts a worker's finished task once for every worker it has and so
 * stopped a pool of several workers at the first task done, failing clips still within their
 * limit (review 25).
 */
export function poolTasks<Pool extends Stoppable>(limitMs: number) {
  const running = new Map<Pool, number>();
  const retired = new Map<Pool, ReturnType<typeof setTimeout>>();
  const stop = (pool: Pool): Promise<void> => {
    clearTimeout(retired.get(pool));
    retired.delete(pool);
    // Destroying settles its tasks (as failed) and waits for its workers' exit; it never fails.
    return pool.destroy().catch(() => undefined);
  };
  return {
    /** `task`, counted against `pool` until it settles. */
    track<T>(pool: Pool, task: Promise<T>): Promise<T> {
      running.set(pool, (running.get(pool) ?? 0) + 1);
      return task.finally(() => {
        const left = (running.get(pool) ?? 1) - 1;
        if (left > 0) running.set(pool, left);
        else {
          running.delete(pool);
          if (retired.has(pool)) void stop(pool);
        }
      });
    },
    /** `pool` takes no new task from its owner: stopped when its last settles, or a limit on. */
    retire(pool: Pool): void {
      if (retired.has(pool)) return;
      retired.set(
        pool,
        setTimeout(() => void stop(pool), limitMs),
      );
      if (!running.has(pool)) void stop(pool);
    },
    /** Every retired pool, stopped now. */
    stopRetired: () => Promise.all([...retired.keys()].map(stop)).then(() => undefined),
  };
}

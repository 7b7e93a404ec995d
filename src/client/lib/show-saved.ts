import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Puts a change the server has stored (its answer) into a cached query. A read of that query
 * already on its way may have been answered before the change was stored, and would drop it when
 * it lands: it is stopped first (awaited, since a stopped read puts back the data it started
 * from) and made again after, so the next answer includes the change.
 */
export async function showSaved<T>(
  qc: QueryClient,
  queryKey: QueryKey,
  update: (old: T) => T,
): Promise<void> {
  const reading = qc.isFetching({ queryKey }) > 0;
  if (reading) await qc.cancelQueries({ queryKey });
  qc.setQueryData<T>(queryKey, (old) => (old === undefined ? old : update(old)));
  if (reading) void qc.invalidateQueries({ queryKey });
}

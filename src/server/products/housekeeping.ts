import type { AppContext } from '../context';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-jobs';
import { compactSearchIndex } from './search-index-repository';

const HOUR = 60 * 60 * 1000;

/** Hourly compaction of the search index, once per fleet; products arrive one by one. */
export const catalogueHousekeeping: PeriodicJob = {
  name: 'search-index-compaction',
  periodMs: HOUR,
  run: compactSearchIndex,
  failure: 'search index compaction failed; will try again in an hour',
};

export function startCatalogueHousekeeping(ctx: AppContext): () => void {
  return startPeriodicJob(ctx, catalogueHousekeeping);
}

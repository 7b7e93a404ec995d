import type { AppContext } from '../context';
import { compactSearchIndex } from './search-index-repository';

const HOUR = 60 * 60 * 1000;

/** Hourly compaction of the search index; clipped and seeded products arrive one by one. */
export function startCatalogueHousekeeping(ctx: AppContext): () => void {
  const run = () =>
    compactSearchIndex(ctx).catch((err: unknown) =>
      ctx.log.warn({ err }, 'search index compaction failed; will try again in an hour'),
    );
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

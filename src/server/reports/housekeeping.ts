import type { AppContext } from '../context';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-jobs';
import { deleteErrorReportsBefore } from './repository';

const DAY = 24 * 60 * 60 * 1000;
/**
 * How long an error report is kept. Anyone may send them (30 a minute per client): kept for good,
 * they would fill the disk, and then every save answers 507 (decision 0002).
 */
export const ERROR_REPORTS_KEPT_MS = 90 * DAY;

/** Daily removal of error reports older than ERROR_REPORTS_KEPT_MS, once per fleet. */
export const reportsHousekeeping: PeriodicJob = {
  name: 'reports-housekeeping',
  periodMs: DAY,
  run: (ctx) => deleteErrorReportsBefore(ctx.db, ctx.now() - ERROR_REPORTS_KEPT_MS),
  failure: 'error report housekeeping failed; will try again tomorrow',
};

export function startReportsHousekeeping(ctx: AppContext): () => void {
  return startPeriodicJob(ctx, reportsHousekeeping);
}

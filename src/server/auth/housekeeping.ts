import type { AppContext } from '../context';
import { deleteEndedRequestWindows } from '../http/request-count-repository';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-jobs';
import { deleteExpired } from './repository';

const HOUR = 60 * 60 * 1000;

/** Hourly removal of spent tokens, ended sessions and old rate-limit rows, once per fleet. */
export const authHousekeeping: PeriodicJob = {
  name: 'auth-housekeeping',
  periodMs: HOUR,
  run: async (ctx) => {
    const now = ctx.now();
    await deleteExpired(ctx.db, now, ctx.limits.authEmailWindowMs);
    await deleteEndedRequestWindows(ctx.db, now);
  },
  failure: 'housekeeping failed; will try again in an hour',
};

export function startHousekeeping(ctx: AppContext): () => void {
  return startPeriodicJob(ctx, authHousekeeping);
}

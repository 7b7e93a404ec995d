import type { AppContext } from '../context';
import { takeLease } from './lease-repository';

/**
 * A job every instance schedules but the fleet runs once per period (housekeeping, index
 * compaction): before running, an instance takes the job's lease in the database for one period;
 * the others find it taken and skip. A holder that dies mid-run keeps nobody waiting longer than
 * the period: the lease runs out and the next instance to look runs the job.
 * See docs/decisions/0031-limits-and-jobs-across-instances.md.
 */
export interface PeriodicJob {
  /** The lease's name, one per job. */
  name: string;
  periodMs: number;
  run: (ctx: AppContext) => Promise<unknown>;
  /** Logged (with the error) when a run fails; the next period tries again. */
  failure: string;
}

/** Runs the job if its period is over and this instance took the lease; true when it ran. */
export async function runIfDue(ctx: AppContext, job: PeriodicJob): Promise<boolean> {
  const now = ctx.now();
  const taken = await takeLease(ctx.db, {
    name: job.name,
    holder: ctx.instanceId,
    now,
    until: now + job.periodMs,
  });
  if (!taken) {
    ctx.log.debug({ job: job.name, instanceId: ctx.instanceId }, 'periodic job not due here');
    return false;
  }
  // One line per run across the fleet: an operator (or the cluster tier) sees which instance ran it.
  ctx.log.info({ job: job.name, instanceId: ctx.instanceId }, 'periodic job running');
  await job.run(ctx);
  return true;
}

/** An instance looks this many times per period, so a restart or a dead holder delays little. */
const LOOKS_PER_PERIOD = 12;

/**
 * Looks whether the job is due every period / 12, the first look JOBS_FIRST_LOOK_MS after start;
 * returns the stop function.
 */
export function startPeriodicJob(ctx: AppContext, job: PeriodicJob): () => void {
  const everyMs = job.periodMs / LOOKS_PER_PERIOD;
  const look = () =>
    runIfDue(ctx, job).catch((err: unknown) => ctx.log.warn({ err, job: job.name }, job.failure));
  const schedule = (delay: number) => {
    timer = setTimeout(() => {
      void look();
      schedule(everyMs);
    }, delay);
    timer.unref();
  };
  let timer: NodeJS.Timeout | undefined;
  schedule(Math.min(ctx.config.jobsFirstLookMs, everyMs));
  return () => clearTimeout(timer);
}

import type { AppContext } from '../context';
import { deleteExpired } from './repository';

const HOUR = 60 * 60 * 1000;

/** Hourly removal of spent tokens, ended sessions and old rate-limit rows. */
export function startHousekeeping(ctx: AppContext): () => void {
  const run = () =>
    deleteExpired(ctx.db, ctx.now(), ctx.limits.authEmailWindowMs).catch((err: unknown) =>
      ctx.log.warn({ err }, 'housekeeping failed; will try again in an hour'),
    );
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

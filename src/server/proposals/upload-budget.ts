import type { AppContext } from '../context';
import type { Executor } from '../db/helpers';
import {
  keptBytes,
  keptFilesByAge,
  lockBudgetKey,
  type BudgetScope,
} from '../files/budget-repository';
import { HttpError } from '../http/errors';
import { UNATTACHED_FILE_TTL_MS } from './housekeeping';

/*
 * Decision 0088: before an upload is stored, the bytes its uploader keeps that nothing uses yet
 * (an account), or that it uploaded logged out (a client address), and everyone's together, are
 * summed over the day housekeeping keeps unused uploads. Past a budget the upload is refused with
 * 429 and Retry-After, and nothing is stored.
 */

export interface BudgetCaller {
  userId: string | null;
  /** The client address key the upload rate limit counts a logged-out caller by. */
  client: string;
  /** A signature is a small PNG that signing needs: only the caller's own budget applies. */
  signature: boolean;
}

/** A refusal that frees with time: the route answers it with Retry-After. */
export class UploadBudgetError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterS: number,
  ) {
    super(429, message);
  }
}

const megabytes = (bytes: number) => `${Math.max(1, Math.round(bytes / (1024 * 1024)))} MB`;

export const accountBudgetFull = (limit: number) =>
  `Your uploads not yet saved in a proposal have reached ${megabytes(limit)}. ` +
  'Save your proposal, or remove files you no longer need, then upload again.';
export const visitorBudgetFull = (limit: number) =>
  `Uploads without an account are limited to ${megabytes(limit)} a day. ` +
  'Please sign in to upload more.';
export const VISITOR_UPLOADS_PAUSED =
  'Uploads without an account are paused for now. Please sign in to upload, or try again later.';
export const UPLOADS_PAUSED =
  'Uploads are paused for now while storage space is freed. Please try again later.';

const HOUR_S = 60 * 60;
/** How many of a scope's files are read to find when enough of them stop counting. */
const RETRY_SCAN = 1000;

const ownScope = (caller: BudgetCaller): BudgetScope =>
  caller.userId ? { userId: caller.userId } : { client: caller.client };

/** When enough of the scope's files have aged out of the day for `excess` bytes to fit. */
async function secondsUntilFits(
  ctx: AppContext,
  db: Executor,
  scope: BudgetScope,
  since: number,
  excess: number,
): Promise<number> {
  let freed = 0;
  for (const file of await keptFilesByAge(db, scope, since, RETRY_SCAN)) {
    freed += file.size;
    if (freed >= excess)
      return Math.max(1, Math.ceil((file.created_at + UNATTACHED_FILE_TTL_MS - ctx.now()) / 1000));
  }
  // Larger than the whole budget, or held in more files than were read: a day frees it all.
  return Math.ceil(UNATTACHED_FILE_TTL_MS / 1000);
}

/**
 * Refuses an upload of `size` bytes that would take the caller, or everyone, past a budget. Run
 * without a lock before an image is decoded (with size 1: is anything left?), and under the
 * caller's lock with the prepared size in the transaction that records the file.
 */
export async function checkUploadBudget(
  ctx: AppContext,
  caller: BudgetCaller,
  size: number,
  db: Executor = ctx.db,
): Promise<void> {
  const since = ctx.now() - UNATTACHED_FILE_TTL_MS;
  const { limits } = ctx;
  const own = ownScope(caller);
  const limit = caller.userId ? limits.uploadBytesPerAccount : limits.uploadBytesPerVisitorClient;
  const held = await keptBytes(db, own, since);
  if (held + size > limit) {
    const message = caller.userId ? accountBudgetFull(limit) : visitorBudgetFull(limit);
    throw new UploadBudgetError(
      message,
      await secondsUntilFits(ctx, db, own, since, held + size - limit),
    );
  }
  if (caller.signature) return;
  const stopAt = caller.userId
    ? limits.uploadBytesEveryoneStopAt
    : limits.uploadBytesVisitorsStopAt;
  // Everyone's sum takes no lock: concurrent uploads may pass it together, by at most 15 MB each.
  if ((await keptBytes(db, 'everyone', since)) + size > stopAt)
    throw new UploadBudgetError(caller.userId ? UPLOADS_PAUSED : VISITOR_UPLOADS_PAUSED, HOUR_S);
}

/** The check made final: in the transaction that records the file, under the caller's lock. */
export async function reserveUploadBudget(
  ctx: AppContext,
  trx: Executor,
  caller: BudgetCaller,
  size: number,
): Promise<void> {
  const key = caller.userId ? `user:${caller.userId}` : `client:${caller.client}`;
  await lockBudgetKey(trx, ctx.dialect, key);
  await checkUploadBudget(ctx, caller, size, trx);
}

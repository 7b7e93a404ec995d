import { clearOldKeys } from '../idempotency/keys';
import type { AppContext } from '../context';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-jobs';
import { removeStoredBytes } from '../files/service';
import { CLAIM_TTL_MS } from './claim';
import {
  deleteFilesIfStillUnused,
  purgeProposals,
  listPurgeableProposalIds,
  listUnusedFiles,
} from './housekeeping-repository';
import { EDITOR_FILE_KINDS } from './plan-repository';
import { SIGNATURE_KINDS } from './upload';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
/** A deleted proposal can be recovered (by an operator) for this long, then it is purged. */
export const DELETED_RETENTION_MS = 30 * DAY;
/** An upload not used by any proposal after this long is deleted. */
export const UNATTACHED_FILE_TTL_MS = DAY;
const BATCH = 200;

/**
 * Purges, in batches:
 * - proposals soft-deleted more than 30 days ago, and proposals created logged out that nobody
 *   claimed while the claim could still be made (its cookie lasts 7 days), with their files;
 * - editor uploads (logo, photo, current condition, group images) attached to no proposal for a
 *   day and used by no account, proposal or waiting sign-up: uploads abandoned in the wizard
 *   and files a save dropped;
 * - product photos attached to no proposal for a day and shown by no product: uploads from an
 *   add-product form that was never saved. (Catalogue images belong to no proposal but are
 *   shown by their product, so they stay.)
 * Rows go first, in a transaction; bytes after, so nothing can point at missing bytes.
 */
export async function runProposalHousekeeping(
  ctx: AppContext,
): Promise<{ proposals: number; files: number }> {
  const now = ctx.now();
  let proposals = 0;
  let files = 0;

  const cutoffs = {
    deletedBefore: now - DELETED_RETENTION_MS,
    unclaimedBefore: now - CLAIM_TTL_MS,
  };
  for (;;) {
    const ids = await listPurgeableProposalIds(ctx.db, cutoffs, BATCH);
    if (ids.length === 0) break;
    const gone = await ctx.db
      .transaction()
      .execute((trx) => purgeProposals(trx, ctx.dialect, ids, cutoffs));
    await removeStoredBytes(ctx, gone.keys);
    proposals += gone.proposals;
    files += gone.keys.length;
  }

  for (;;) {
    // Editor uploads, signature images and product photos that never reached a proposal.
    const stale = await listUnusedFiles(
      ctx.db,
      [...EDITOR_FILE_KINDS, ...SIGNATURE_KINDS, 'product_image'],
      now - UNATTACHED_FILE_TTL_MS,
      BATCH,
    );
    if (stale.length === 0) break;
    // Re-checked in the delete itself: a save that attached one of them meanwhile keeps it.
    const gone = await deleteFilesIfStillUnused(
      ctx.db,
      stale.map((f) => f.id),
    );
    await removeStoredBytes(
      ctx,
      gone.map((f) => f.storage_key),
    );
    files += gone.length;
    if (gone.length === 0) break;
  }
  // Idempotency keys answer retries for a day only (decision 0015).
  await clearOldKeys(ctx.db, now);
  return { proposals, files };
}

/** Hourly, like the sign-in housekeeping, once per fleet. */
export const proposalHousekeeping: PeriodicJob = {
  name: 'proposal-housekeeping',
  periodMs: HOUR,
  run: runProposalHousekeeping,
  failure: 'proposal housekeeping failed; will try again in an hour',
};

export function startProposalHousekeeping(ctx: AppContext): () => void {
  return startPeriodicJob(ctx, proposalHousekeeping);
}

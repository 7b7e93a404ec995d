import { clearOldKeys } from '../idempotency/keys';
import type { AppContext } from '../context';
import { removeStoredBytes } from '../files/service';
import { CLAIM_TTL_MS } from './claim';
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
 *   day and used by no account or proposal: uploads abandoned in the wizard and files a save
 *   dropped;
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

  for (;;) {
    const doomed = await ctx.db
      .selectFrom('proposals')
      .select('id')
      .where((eb) =>
        eb.or([
          eb('deleted_at', '<', now - DELETED_RETENTION_MS),
          eb.and([eb('owner_id', 'is', null), eb('created_at', '<', now - CLAIM_TTL_MS)]),
        ]),
      )
      .limit(BATCH)
      .execute();
    if (doomed.length === 0) break;
    const ids = doomed.map((p) => p.id);
    const keys = await ctx.db.transaction().execute(async (trx) => {
      const attached = await trx
        .selectFrom('files')
        .select(['id', 'storage_key'])
        .where('proposal_id', 'in', ids)
        .execute();
      // The proposal first: its signatures (which reference files) go with it.
      await trx.deleteFrom('proposals').where('id', 'in', ids).execute();
      if (attached.length > 0) {
        await trx
          .deleteFrom('files')
          .where(
            'id',
            'in',
            attached.map((f) => f.id),
          )
          .execute();
      }
      return attached.map((f) => f.storage_key);
    });
    await removeStoredBytes(ctx, keys);
    proposals += ids.length;
    files += keys.length;
  }

  for (;;) {
    const stale = await ctx.db
      .selectFrom('files as f')
      .select(['f.id', 'f.storage_key'])
      .where('f.proposal_id', 'is', null)
      .where('f.created_at', '<', now - UNATTACHED_FILE_TTL_MS)
      // Editor uploads, signature images and product photos that never reached a proposal.
      .where('f.kind', 'in', [...EDITOR_FILE_KINDS, ...SIGNATURE_KINDS, 'product_image'])
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('products')
              .select('products.id')
              .whereRef('products.image_file_id', '=', 'f.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('users')
              .select('users.id')
              .whereRef('users.company_logo_file_id', '=', 'f.id'),
          ),
        ),
      )
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('proposals as p')
              .select('p.id')
              .where((inner) =>
                inner.or([
                  inner('p.company_logo_file_id', '=', inner.ref('f.id')),
                  inner('p.personal_photo_file_id', '=', inner.ref('f.id')),
                ]),
              ),
          ),
        ),
      )
      .limit(BATCH)
      .execute();
    if (stale.length === 0) break;
    // Re-checked in the delete itself: a save that attached one of them meanwhile keeps it.
    const gone = await ctx.db
      .deleteFrom('files')
      .where(
        'id',
        'in',
        stale.map((f) => f.id),
      )
      .where('proposal_id', 'is', null)
      // A product's picture is never removed from under it (its reference would become null).
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('products')
              .select('products.id')
              .whereRef('products.image_file_id', '=', 'files.id'),
          ),
        ),
      )
      .returning(['id', 'storage_key'])
      .execute();
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

/** Hourly, like the sign-in housekeeping. */
export function startProposalHousekeeping(ctx: AppContext): () => void {
  const run = () =>
    runProposalHousekeeping(ctx).catch((err: unknown) =>
      ctx.log.warn({ err }, 'proposal housekeeping failed; will try again in an hour'),
    );
  const timer = setInterval(() => void run(), HOUR);
  timer.unref();
  return () => clearInterval(timer);
}

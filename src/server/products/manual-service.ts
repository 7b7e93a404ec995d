import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { manualProductDataSchema } from '../../shared/schemas/products';
import { hostnameOf } from '../../shared/domain/products';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { forbidden, notFound, unauthorized } from '../http/errors';
import { accessFor } from '../proposals/access';
import { removeStoredBytes } from '../files/service';
import { requireShopper } from '../selections/access';
import {
  findSelectionItem,
  insertOption,
  lockSelectionItem,
  nextSortOrder,
} from '../selections/options-repository';
import type { ProductRow } from './dto';
import { discardStoredImage } from './image-copy';
import { chooseManualImage, type ChosenImage } from './manual-image';
import { normaliseProductUrl } from './product-url';
import {
  attachImageToProposal,
  deleteFileRow,
  findItemProposalId,
  findFileProposalId,
  findProduct,
  proposalsShowingProduct,
} from './product-repository';
import { PRODUCT_COLUMNS } from './product-columns';

export type ManualProductData = z.output<typeof manualProductDataSchema>;

export const ONLY_CREATOR_EDITS = 'Only the person who added this product can edit it.';
export const LOG_IN_TO_EDIT = 'Please log in to edit this product.';
export const LOG_IN_TO_ADD = 'Please log in to add products.';
const UNKNOWN_ITEM = 'This item is not on the selections of this proposal.';

/** The product columns the manual form sets. */
function formColumns(data: ManualProductData, image: ChosenImage) {
  const url = normaliseProductUrl(data.productURL) ?? data.productURL;
  return {
    title: data.productName,
    url,
    hostname: hostnameOf(url),
    image_url: image.source,
    image_file_id: image.fileId,
    price_cents: data.priceCents,
    currency: data.currency,
  };
}

/** A copy fetched for a save that then failed belongs to nothing: remove it. */
async function discardIfCopied(ctx: AppContext, image: ChosenImage): Promise<void> {
  if (image.copied) await discardStoredImage(ctx, image.fileId);
}

/**
 * POST /api/products/ {manual, costItemId, manualProductData} (the addManualProduct modal): a
 * product for one item, entered by hand by a member who may shop on its proposal. The product,
 * its picture (given to the proposal, so every member can see it) and the item's new last
 * option are written together. Such products stay out of the catalogue.
 */
export async function addManualProduct(
  ctx: AppContext,
  user: UserRow | null,
  itemId: string,
  data: ManualProductData,
): Promise<ProductRow> {
  if (!user) throw unauthorized(LOG_IN_TO_ADD);
  const proposalId = await findItemProposalId(ctx.db, itemId);
  // The same 404 as for an item of a proposal the caller cannot read: ids reveal nothing.
  if (!proposalId) throw notFound();
  await requireShopper(ctx, user, proposalId);
  if (!(await findSelectionItem(ctx.db, proposalId, itemId))) throw notFound(UNKNOWN_ITEM);
  const image = await chooseManualImage(ctx, user.id, proposalId, data);
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      if (!(await lockSelectionItem(trx, ctx.dialect, proposalId, itemId)))
        throw notFound(UNKNOWN_ITEM);
      await attachImageToProposal(trx, image.fileId, proposalId);
      const product = await trx
        .insertInto('products')
        .values({
          id: randomUUID(),
          ...formColumns(data, image),
          manual: 1,
          catalogue: 0,
          created_by: user.id,
          created_at: now,
        })
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirstOrThrow();
      await insertOption(trx, {
        id: randomUUID(),
        cost_item_id: itemId,
        product_id: product.id,
        position: 'not_selected',
        sort_order: await nextSortOrder(trx, itemId),
        added_by: user.id,
        created_at: now,
      });
      return product;
    });
  } catch (err) {
    await discardIfCopied(ctx, image);
    throw err;
  }
}

/**
 * The manual product when the caller created it. Anyone else who can see it (a catalogue
 * product, or an option on a proposal they read) is told they may not; nobody else learns that
 * it exists.
 */
async function requireCreator(
  ctx: AppContext,
  user: UserRow | null,
  productId: string,
): Promise<{ product: ProductRow; user: UserRow }> {
  if (!user) throw unauthorized(LOG_IN_TO_EDIT);
  const product = await findProduct(ctx.db, productId);
  if (!product) throw notFound();
  if (product.manual === 1 && product.created_by === user.id) return { product, user };
  if (product.catalogue === 1) throw forbidden(ONLY_CREATOR_EDITS);
  const proposals = await proposalsShowingProduct(ctx.db, productId, user.id);
  if (proposals.some((p) => accessFor(user.id, p) !== null)) throw forbidden(ONLY_CREATOR_EDITS);
  throw notFound();
}

/**
 * PUT /api/products/:id: the creator corrects a product entered by hand. A new picture replaces
 * the old one, whose file is removed once the change is committed.
 */
export async function updateManualProduct(
  ctx: AppContext,
  caller: UserRow | null,
  productId: string,
  data: ManualProductData,
): Promise<ProductRow> {
  const { product, user } = await requireCreator(ctx, caller, productId);
  // The proposal whose members see the picture: where the old one lives, else where it is shown.
  const proposalId =
    (await findFileProposalId(ctx.db, product.image_file_id)) ??
    (await proposalsShowingProduct(ctx.db, productId, user.id))[0]?.id ??
    null;
  const image = await chooseManualImage(ctx, user.id, proposalId, data, {
    fileId: product.image_file_id,
    source: product.image_url,
  });
  const replaced = image.isNew ? product.image_file_id : null;
  let removedKey: string | undefined;
  let updated: ProductRow;
  try {
    updated = await ctx.db.transaction().execute(async (trx) => {
      if (image.isNew && proposalId) await attachImageToProposal(trx, image.fileId, proposalId);
      const row = await trx
        .updateTable('products')
        .set(formColumns(data, image))
        .where('id', '=', productId)
        .returning(PRODUCT_COLUMNS)
        .executeTakeFirst();
      if (!row) throw notFound();
      if (replaced) removedKey = await deleteFileRow(trx, replaced);
      return row;
    });
  } catch (err) {
    await discardIfCopied(ctx, image);
    throw err;
  }
  if (removedKey) await removeStoredBytes(ctx, [removedKey]);
  return updated;
}

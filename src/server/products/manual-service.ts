import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { type ShownProduct, type manualProductDataSchema } from '../../shared/schemas/products';
import { IMAGE_REQUIRED, hostnameOf, productUrlAlert } from '../../shared/domain/products';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound, unauthorized } from '../http/errors';
import { accessFor } from '../proposals/access';
import { touchItem } from '../proposals/repository';
import { removeStoredBytes } from '../files/service';
import { requireShopper, stillShopping } from '../selections/access';
import { placeForOption } from '../selections/option-place';
import { isUniqueViolation } from '../db/helpers';
import {
  findSelectionItem,
  insertOption,
  lockSelectionItem,
} from '../selections/options-repository';
import { toProductDto, type ProductRow } from './dto';
import { discardStoredImage } from './image-copy';
import { chooseManualImage, type ChosenImage } from './manual-image';
import { storableProductUrl } from './product-url';
import {
  attachImageToProposal,
  deleteFileRow,
  findItemProposalId,
  findFileProposalId,
  findProduct,
  insertManualProduct,
  lockProduct,
  proposalsShowingProduct,
  updateProduct,
} from './product-repository';

export type ManualProductData = z.output<typeof manualProductDataSchema>;

export const ONLY_CREATOR_EDITS = 'Only the person who added this product can edit it.';
export const LOG_IN_TO_EDIT = 'Please log in to edit this product.';
export const LOG_IN_TO_ADD = 'Please log in to add products.';
const UNKNOWN_ITEM = 'This item is not on the selections of this proposal.';

/** The form's Product URL as stored; 400 with the docs/product/catalogue.md alert when it cannot be stored. */
function productUrlOf(data: ManualProductData): string {
  const url = storableProductUrl(data.productURL);
  if (!url) throw badRequest(productUrlAlert());
  return url;
}

/** The product columns the manual form sets. */
function formColumns(
  data: ManualProductData,
  url: string,
  image: { fileId: string | null; source: string },
) {
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

/** Gives a new picture to the proposal, or 400 when another save took that upload first. */
async function attachOrRefuse(
  trx: Parameters<typeof attachImageToProposal>[0],
  image: { fileId: string; userId: string; proposalId: string },
): Promise<void> {
  if (!(await attachImageToProposal(trx, image))) throw badRequest(IMAGE_REQUIRED);
}

/**
 * Two saves racing with one upload on the same proposal can both pass the attach; the unique
 * index on products.image_file_id stops the second, which is then the same 400 as above.
 */
function asImageTaken(err: unknown): unknown {
  return isUniqueViolation(err) ? badRequest(IMAGE_REQUIRED) : err;
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
  const url = productUrlOf(data);
  const image = await chooseManualImage(ctx, user.id, proposalId, data);
  const now = ctx.now();
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      // The proposal's reply counts the item's options (decision 0024), as withItemLocked does
      // for any other option added: the proposal row first, in the order a plan save locks.
      await touchItem(trx, proposalId, itemId);
      if (!(await lockSelectionItem(trx, ctx.dialect, proposalId, itemId)))
        throw notFound(UNKNOWN_ITEM);
      // Removed from the proposal while the photo was fetched: nothing is added.
      await stillShopping(trx, proposalId, user.id);
      await attachOrRefuse(trx, { fileId: image.fileId, userId: user.id, proposalId });
      const product = await insertManualProduct(trx, {
        id: randomUUID(),
        ...formColumns(data, url, image),
        manual: 1,
        catalogue: 0,
        created_by: user.id,
        created_at: now,
      });
      await insertOption(trx, {
        id: randomUUID(),
        cost_item_id: itemId,
        product_id: product.id,
        position: 'not_selected',
        sort_order: await placeForOption(trx, itemId),
        added_by: user.id,
        created_at: now,
      });
      return product;
    });
  } catch (err) {
    await discardIfCopied(ctx, image);
    throw asImageTaken(err);
  }
}

/**
 * The manual product when the caller created it and may still shop on a proposal that shows it
 * (owner, homeowner or invited member: removed members and deleted proposals no longer count),
 * with those proposals. Anyone else who can see it (a catalogue product, or an option on a
 * proposal they read) is told they may not; nobody else learns that it exists.
 */
async function requireCreator(
  ctx: AppContext,
  user: UserRow | null,
  productId: string,
): Promise<{ product: ProductRow; user: UserRow; shopProposalIds: string[] }> {
  if (!user) throw unauthorized(LOG_IN_TO_EDIT);
  const product = await findProduct(ctx.db, productId);
  if (!product) throw notFound();
  if (product.catalogue === 1) throw forbidden(ONLY_CREATOR_EDITS);
  const proposals = (await proposalsShowingProduct(ctx.db, productId, user.id)).map((p) => ({
    id: p.id,
    access: accessFor(user.id, p),
  }));
  const shopProposalIds = proposals
    .filter((p) => p.access !== null && p.access.role !== 'public')
    .map((p) => p.id);
  const isCreator = product.manual === 1 && product.created_by === user.id;
  if (isCreator && shopProposalIds.length > 0) return { product, user, shopProposalIds };
  if (proposals.some((p) => p.access !== null)) throw forbidden(ONLY_CREATOR_EDITS);
  throw notFound();
}

/**
 * PUT /api/products/:id: the creator corrects a product entered by hand. A new picture replaces
 * the old one, whose file is removed with the change (its bytes once it is committed).
 */
export async function updateManualProduct(
  ctx: AppContext,
  caller: UserRow | null,
  productId: string,
  data: ManualProductData,
  /** The product as the form showed it; a save over a change made since (another tab) is refused. */
  expected?: ShownProduct,
): Promise<ProductRow> {
  const { product, user, shopProposalIds } = await requireCreator(ctx, caller, productId);
  // Checked before a Photo URL is fetched, and again under the lock, where it decides.
  const refuseIfChanged = (row: ProductRow) => {
    if (expected && !showsAsExpected(row, expected)) throw conflict('product_edited_elsewhere');
  };
  refuseIfChanged(product);
  const url = productUrlOf(data);
  // The proposal whose members see the picture: where the old one lives while the caller still
  // shops there, else one where the caller does.
  const oldImageProposalId = await findFileProposalId(ctx.db, product.image_file_id);
  const proposalId =
    oldImageProposalId && shopProposalIds.includes(oldImageProposalId)
      ? oldImageProposalId
      : shopProposalIds[0]!;
  const image = await chooseManualImage(ctx, user.id, proposalId, data, {
    fileId: product.image_file_id,
    source: product.image_url,
  });
  let removedKey: string | undefined;
  let updated: ProductRow;
  try {
    updated = await ctx.db.transaction().execute(async (trx) => {
      // Read again under lock: an edit committed since the read above may have changed the
      // picture, and only the file this save replaces may go.
      const current = await lockProduct(trx, ctx.dialect, productId);
      if (!current) throw notFound();
      refuseIfChanged(current);
      // Removed from the proposal while the photo was fetched: nothing is changed.
      await stillShopping(trx, proposalId, user.id);
      if (image.isNew)
        await attachOrRefuse(trx, { fileId: image.fileId, userId: user.id, proposalId });
      const shown = image.isNew
        ? image
        : { fileId: current.image_file_id, source: current.image_url };
      const row = await updateProduct(trx, productId, formColumns(data, url, shown));
      const replaced = image.isNew ? current.image_file_id : null;
      if (replaced && replaced !== image.fileId) removedKey = await deleteFileRow(trx, replaced);
      return row;
    });
  } catch (err) {
    await discardIfCopied(ctx, image);
    throw asImageTaken(err);
  }
  if (removedKey) await removeStoredBytes(ctx, [removedKey]);
  return updated;
}

function showsAsExpected(row: ProductRow, expected: ShownProduct): boolean {
  const shown = toProductDto(row, null);
  return (
    shown.title === expected.title &&
    shown.url === expected.url &&
    shown.image === expected.image &&
    shown.priceCents === expected.priceCents &&
    shown.currency === expected.currency
  );
}

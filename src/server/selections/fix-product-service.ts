import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { manualProductDataSchema } from '../../shared/schemas/products';
import { type ItemOptions } from '../../shared/schemas/selections';
import { IMAGE_REQUIRED, hostnameOf, productUrlAlert } from '../../shared/domain/products';
import { mayRemoveOption } from '../../shared/domain/selections';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { storeUpload } from '../files/service';
import { IMAGE_TYPES } from '../files/sniff';
import { discardStoredImage } from '../products/image-copy';
import { chooseManualImage, type ChosenImage } from '../products/manual-image';
import { findStoredFile } from '../files/repository';
import {
  attachImageToProposal,
  findProduct,
  insertManualProduct,
} from '../products/product-repository';
import { storableProductUrl } from '../products/product-url';
import { CHOICE_STANDS, OPTION_GONE, OWN_OPTIONS_ONLY, requireShopper } from './access';
import { isUniqueViolation } from '../db/helpers';
import {
  findOption,
  findOptionProductId,
  optionStateOf,
  setOptionProduct,
} from './options-repository';
import { itemOptions, withItemLocked } from './options-service';
import { holderOf } from './dto';

type ManualProductData = z.output<typeof manualProductDataSchema>;

/**
 * A copy of a stored product picture for this proposal: the shared product keeps its own file
 * (a picture is one product's), the fixed copy gets another, uploaded by the caller.
 */
async function copyStoredImage(
  ctx: AppContext,
  fileId: string,
  owner: { userId: string; proposalId: string },
): Promise<string | null> {
  const file = await findStoredFile(ctx.db, fileId);
  const stream = file ? await ctx.storage.get(file.storage_key) : undefined;
  if (!file || !stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const saved = await storeUpload(ctx, {
    bytes: Buffer.concat(chunks),
    field: 'productImage',
    originalName: file.original_name,
    kind: 'product_image',
    uploadedBy: owner.userId,
    proposalId: owner.proposalId,
    allowed: IMAGE_TYPES,
  });
  return saved.id;
}

/**
 * PUT /api/proposal/:id/options/:optionId/product (decision 0011): a clip that missed the title,
 * image or price is fixed for this proposal only. The corrected details become a product entered
 * by hand (private to this proposal, like any manual product, editable by its creator) and take
 * the option's place, keeping its position and order; the shared catalogue entry is untouched.
 * Who may: whoever may remove the option (owner, homeowner, or the invitee who added it, unless
 * it is a choice they may not change).
 */
export async function fixOptionProduct(
  ctx: AppContext,
  user: UserRow | null,
  proposalId: string,
  optionId: string,
  data: ManualProductData,
): Promise<ItemOptions> {
  const shopper = await requireShopper(ctx, user, proposalId);
  const option = await findOption(ctx.db, proposalId, optionId);
  if (!option) throw notFound(OPTION_GONE);
  if (!mayRemoveOption(shopper.access.role, option.added_by, shopper.user.id))
    throw forbidden(OWN_OPTIONS_ONLY);
  const currentProductId = await findOptionProductId(ctx.db, optionId);
  const shared = currentProductId && (await findProduct(ctx.db, currentProductId));
  if (!shared) throw notFound(OPTION_GONE);
  // A product entered by hand is already this proposal's own: its creator edits it directly.
  if (shared.catalogue !== 1) throw conflict('option_product_not_shared');
  const url = storableProductUrl(data.productURL);
  if (!url) throw badRequest(productUrlAlert());

  const owner = { userId: shopper.user.id, proposalId };
  // Keeping the shared product's picture means a copy of it for this proposal.
  let copiedId: string | null = null;
  let input = data;
  if (data.imageFileId !== null && data.imageFileId === shared.image_file_id) {
    copiedId = await copyStoredImage(ctx, data.imageFileId, owner);
    if (!copiedId) throw badRequest(IMAGE_REQUIRED);
    input = { ...data, imageFileId: copiedId };
  }
  let image: ChosenImage | undefined;
  try {
    image = await chooseManualImage(ctx, owner.userId, proposalId, input);
    const chosen = image;
    return await withItemLocked(ctx, proposalId, option.cost_item_id, owner.userId, async (trx) => {
      const stillProductId = await findOptionProductId(trx, optionId);
      if (stillProductId === undefined) throw notFound(OPTION_GONE);
      if (stillProductId !== shared.id) throw conflict('product_changed');
      // The item's choice is the product ordered: fixing it is changing that choice (0091).
      const state = await optionStateOf(trx, optionId);
      const holder = state ? holderOf(state) : 'none';
      if (!mayRemoveOption(shopper.access.role, option.added_by, shopper.user.id, holder))
        throw forbidden(CHOICE_STANDS);
      if (!(await attachImageToProposal(trx, { fileId: chosen.fileId, ...owner })))
        throw badRequest(IMAGE_REQUIRED);
      const product = await insertManualProduct(trx, {
        id: randomUUID(),
        title: input.productName,
        url,
        hostname: hostnameOf(url),
        image_url: chosen.source,
        image_file_id: chosen.fileId,
        price_cents: input.priceCents,
        currency: input.currency,
        manual: 1,
        catalogue: 0,
        created_by: owner.userId,
        created_at: ctx.now(),
      });
      await setOptionProduct(trx, optionId, product.id);
      return itemOptions(trx, option.cost_item_id, shopper);
    });
  } catch (err) {
    if (copiedId) await discardStoredImage(ctx, copiedId);
    if (image?.copied) await discardStoredImage(ctx, image.fileId);
    throw isUniqueViolation(err) ? badRequest(IMAGE_REQUIRED) : err;
  }
}

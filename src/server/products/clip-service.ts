import { randomUUID } from 'node:crypto';
import type { AppContext } from '../context';
import type { UserRow } from '../db/schema';
import { badRequest } from '../http/errors';
import { hostnameOf, productUrlAlert } from '../../shared/domain/products';
import { ClipError } from './clip/fetch-page';
import { nextTurn } from '../http/turns';
import type { ProductRow } from './dto';
import { personFetches } from './fetches-in-flight';
import { copyRemoteImage, discardStoredImage } from './image-copy';
import { catalogueProductUrl, normaliseProductUrl } from './product-url';
import { findCatalogueProductByUrl, insertCatalogueProduct } from './product-repository';

export const NO_PRODUCT_FOUND = 'We could not find a product on that page. Please add it by hand.';
/**
 * A page that gave a title and nothing else (a category, a search, a page saying the product is
 * gone): an option named after it, with no photo and no price, tells the homeowner nothing.
 */
export const NO_PRICE_OR_PHOTO =
  'We found no price or photo of a product on that page. Please add it by hand.';
export const URL_TOO_LONG =
  'The address of that page is too long for us to keep. Please add the product by hand with a shorter link.';
const TITLE_MAX = 300;

/**
 * POST /api/products/ {url} (docs/product/catalogue.md "Adding products"): the catalogue product for this page, clipped
 * now if nobody has clipped it before. A known URL answers without fetching anything. The page
 * and its image are fetched behind the clipper's guard; the image is kept as our own copy. The
 * product joins the catalogue under its canonical URL, so the next clip of the same page (or a
 * link to it with tracking parameters) finds it.
 */
export async function clipProduct(
  ctx: AppContext,
  user: UserRow,
  rawUrl: string,
): Promise<ProductRow> {
  // Fetched as given (less tracking); kept and found in the catalogue without what is personal.
  const requested = normaliseProductUrl(rawUrl);
  if (!requested) throw badRequest(productUrlAlert());
  const requestedKey = catalogueProductUrl(requested);
  await nextTurn();
  if (requestedKey) {
    const known = await findCatalogueProductByUrl(ctx.db, requestedKey);
    if (known) return known;
  }

  const found = await personFetches(user.id, () => fetchAndClip(ctx, requested));
  // The worker's answers to a burst come back together, each going on to look-ups, maybe the
  // catalogue's insert, and the reply: one turn each, as at the start (decision 0052).
  await nextTurn();
  const title = found.title?.trim().slice(0, TITLE_MAX);
  if (!title) {
    ctx.metrics.clipFailures.inc({ kind: 'page' });
    throw new ClipError(NO_PRODUCT_FOUND);
  }

  // The page's own address when it is short enough to store (a page cannot make us fail by
  // naming an endless canonical URL), else where we were sent or asked to go.
  const url = [found.canonicalUrl, found.finalUrl, requested]
    .map((candidate) => (candidate ? catalogueProductUrl(candidate) : null))
    .find((candidate) => candidate !== null);
  if (!url) throw new ClipError(URL_TOO_LONG);
  if (url !== requestedKey) {
    const same = await findCatalogueProductByUrl(ctx.db, url);
    if (same) return same;
  }

  const imageFileId = found.image ? await copyImageOrNothing(ctx, found.image, user.id) : null;
  // Only a title (no price, and no photo on the page or none that could be fetched) is refused
  // before anything is kept, so the catalogue never holds it (decision 0083); the title goes back
  // for the manual form to start from. A page naming a product already known was answered above.
  if (!imageFileId && found.priceCents === null) {
    ctx.metrics.clipFailures.inc({ kind: 'page' });
    throw new ClipError(NO_PRICE_OR_PHOTO, { title });
  }
  const inserted = await insertCatalogueProduct(ctx.db, {
    id: randomUUID(),
    title,
    url,
    // Where the photo came from; the product shows our copy (image_file_id).
    image_url: found.image ?? '',
    image_file_id: imageFileId,
    price_cents: found.priceCents,
    currency: found.currency,
    hostname: hostnameOf(url),
    manual: 0,
    catalogue: 1,
    created_by: user.id,
    created_at: ctx.now(),
  });
  if (inserted) return inserted;

  // Someone clipped the same page meanwhile: theirs stands, our copy of the image goes.
  if (imageFileId) await discardStoredImage(ctx, imageFileId);
  const winner = await findCatalogueProductByUrl(ctx.db, url);
  if (!winner)
    throw new Error(
      `clip of a ${hostnameOf(url)} page conflicted but no catalogue product holds it`,
    );
  return winner;
}

/** The page, fetched and read, counted and logged (the host only: a URL may carry a token). */
async function fetchAndClip(ctx: AppContext, url: string) {
  ctx.metrics.clipFetches.inc();
  const host = hostnameOf(url);
  try {
    // Fetched and parsed in a worker thread: the page never passes through this one (decision 0047).
    const found = await ctx.pageParser.clip({ url, allowHosts: ctx.config.clipAllowHosts });
    ctx.log.info({ host, found: Boolean(found.title) }, 'product page clipped');
    return found;
  } catch (err) {
    const kind = err instanceof ClipError ? 'page' : 'error';
    ctx.metrics.clipFailures.inc({ kind });
    ctx.log.info({ host, reason: err instanceof Error ? err.message : String(err) }, 'clip failed');
    throw err;
  }
}

/**
 * A product whose image cannot be fetched is still worth keeping, without a picture, when the
 * page gave its price (with neither, the clip is refused: decision 0083).
 */
async function copyImageOrNothing(
  ctx: AppContext,
  imageUrl: string,
  userId: string,
): Promise<string | null> {
  try {
    return await copyRemoteImage(ctx, imageUrl, { userId, proposalId: null });
  } catch (err) {
    // The host only, as for the page: an image URL may carry a token too.
    ctx.log.info(
      { imageHost: hostnameOf(imageUrl), reason: err instanceof Error ? err.message : String(err) },
      'clipped product kept without its image',
    );
    return null;
  }
}

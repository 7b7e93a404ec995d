import path from 'node:path';
import sharp from 'sharp';
import type { AppContext } from '../context';
import { removeStoredBytes, storeUpload } from '../files/service';
import { IMAGE_TYPES, sniffFileType } from '../files/sniff';
import { MAX_IMAGE_PIXELS } from '../files/image';
import { ClipError } from './clip/fetch-page';
import { NOT_AN_IMAGE } from './clip/image-fetch';
import { deleteFileRow } from './product-repository';

const isWebp = (bytes: Buffer) =>
  bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
  bytes.subarray(8, 12).toString('latin1') === 'WEBP';

// Shops serve most photos as WebP, which uploads do not accept: it becomes a JPEG first, then
// takes the same path as any upload.
async function toStorableImage(bytes: Buffer): Promise<Buffer> {
  if (sniffFileType(bytes) || !isWebp(bytes)) return bytes;
  try {
    return await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85 })
      .toBuffer();
  } catch {
    throw new ClipError(NOT_AN_IMAGE);
  }
}

function originalNameOf(url: string): string {
  const base = path.posix.basename(new URL(url).pathname);
  return base && base !== '/' ? decodeURIComponentSafe(base) : 'product-image';
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/**
 * Fetches an image from the web under the clipper's guard (in the parse pool's worker) and keeps a copy (checked by its
 * bytes and re-encoded like any upload), so the product keeps its picture when the shop's page
 * or image changes. Answers the new file id; refusals and failures throw (ClipError or the
 * upload's own 4xx).
 */
export async function copyRemoteImage(
  ctx: AppContext,
  url: string,
  owner: { userId: string; proposalId: string | null },
): Promise<string> {
  // Fetched in the parse pool's worker: the connection and the download stay off this thread.
  const fetched = await ctx.pageParser.fetchImage({ url, allowHosts: ctx.config.clipAllowHosts });
  const bytes = Buffer.from(fetched.body.buffer, fetched.body.byteOffset, fetched.body.byteLength);
  const saved = await storeUpload(ctx, {
    bytes: await toStorableImage(bytes),
    field: 'productImage',
    originalName: originalNameOf(fetched.finalUrl),
    kind: 'product_image',
    uploadedBy: owner.userId,
    proposalId: owner.proposalId,
    allowed: IMAGE_TYPES,
  });
  return saved.id;
}

/** Removes a copied image no product ended up using: the row, then the bytes. */
export async function discardStoredImage(ctx: AppContext, fileId: string): Promise<void> {
  const key = await deleteFileRow(ctx.db, fileId);
  if (key) await removeStoredBytes(ctx, [key]);
}

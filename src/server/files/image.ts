import sharp, { type Metadata } from 'sharp';
import { HttpError } from '../http/errors';
import type { FileType } from './sniff';

/** A photo larger than this is refused before it is decoded (a 8000×6000 camera photo is 48 MP). */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const IMAGE_TOO_LARGE = `This image is too large: please use one of at most ${MAX_IMAGE_PIXELS / 1_000_000} megapixels.`;
export const IMAGE_UNREADABLE = 'This image could not be read. Please upload another file.';

// libvips keeps a cache of decoded images; uploads are each seen once, so it only costs memory.
sharp.cache(false);

/**
 * Decodes an uploaded image within bounds and writes it again: turned upright from its EXIF
 * orientation (docs/product/constants.md values 1, 3, 6, 8), metadata (GPS position, camera serial) dropped, same
 * format. A small file declaring a huge canvas is refused from its header, before decoding.
 */
export async function processImage(bytes: Buffer, type: FileType): Promise<Buffer> {
  let meta: Metadata;
  try {
    meta = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, IMAGE_UNREADABLE);
  }
  const pages = meta.pages ?? 1;
  if (!meta.width || !meta.height) throw new HttpError(400, IMAGE_UNREADABLE);
  if (meta.width * meta.height * pages > MAX_IMAGE_PIXELS)
    throw new HttpError(400, IMAGE_TOO_LARGE);

  const animated = type === 'gif' && pages > 1;
  const input = sharp(bytes, {
    limitInputPixels: MAX_IMAGE_PIXELS,
    animated,
    failOn: 'error',
  }).autoOrient();
  try {
    switch (type) {
      case 'jpeg':
        return await input.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
      case 'png':
        return await input.png({ compressionLevel: 9 }).toBuffer();
      case 'gif':
        return await input.gif().toBuffer();
      case 'pdf':
      case 'doc':
      case 'docx':
        return bytes;
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    if (/pixel limit/i.test(message)) throw new HttpError(400, IMAGE_TOO_LARGE);
    throw new HttpError(400, IMAGE_UNREADABLE);
  }
}

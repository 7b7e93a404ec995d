import { COMPRESS_TARGET_MB, shouldCompress } from './upload-rules';

/**
 * docs/product/uploads.md/docs/product/constants.md: JPEG and PNG photos are compressed in the browser to at most 1 MB before upload;
 * browser-image-compression also draws them upright from their EXIF orientation. Loaded on first
 * use so pages without uploads never download it. If compression fails the original is sent (the
 * server enforces its own limit).
 */
export async function prepareForUpload(file: File): Promise<Blob> {
  if (!shouldCompress(file)) return file;
  try {
    const { default: imageCompression } = await import('browser-image-compression');
    return await imageCompression(file, { maxSizeMB: COMPRESS_TARGET_MB, useWebWorker: false });
  } catch {
    return file;
  }
}

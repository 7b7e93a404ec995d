import { HttpError, badRequest } from '../http/errors';
import type { AppContext } from '../context';
import { IMAGE_REQUIRED } from '../../shared/domain/products';
import { personFetches } from './fetches-in-flight';
import { copyRemoteImage } from './image-copy';
import { findUsableProductImage } from './product-repository';

export const PHOTO_URL_FAILED =
  'We could not get an image from that Photo URL. Please upload the image instead.';

/** The picture a manual product will show, and whether it is a file this request brought in. */
export interface ChosenImage {
  fileId: string;
  /** The Photo URL it was copied from ('' for an upload). */
  source: string;
  /** A file newly given to the product (attach it; discard it if the save fails). */
  isNew: boolean;
  /** Copied from the web during this request: nobody else holds it, so a failed save removes it. */
  copied: boolean;
}

interface ImageChoice {
  imageFileId: string | null;
  photoURL: string;
}

/**
 * The image of the manual product form: an upload of the caller's ('productImage', not yet any
 * product's), or a Photo URL fetched and copied behind the clipper's guard. On edit, the current
 * picture is kept while neither changes.
 */
export async function chooseManualImage(
  ctx: AppContext,
  userId: string,
  proposalId: string | null,
  input: ImageChoice,
  current?: { fileId: string | null; source: string },
): Promise<ChosenImage> {
  const currentId = current?.fileId ?? null;
  const currentSource = current?.source ?? '';
  if (input.imageFileId !== null && input.imageFileId !== currentId) {
    const file = await findUsableProductImage(ctx.db, input.imageFileId, userId, proposalId);
    if (!file) throw badRequest(IMAGE_REQUIRED);
    return { fileId: file.id, source: '', isNew: true, copied: false };
  }
  if (input.photoURL !== '' && (currentId === null || input.photoURL !== currentSource)) {
    const fileId = await personFetches(userId, async () => {
      try {
        return await copyRemoteImage(ctx, input.photoURL, { userId, proposalId });
      } catch (err) {
        if (err instanceof HttpError && err.statusCode < 500)
          throw new HttpError(422, PHOTO_URL_FAILED);
        throw err;
      }
    });
    return { fileId, source: input.photoURL, isNew: true, copied: true };
  }
  if (currentId !== null)
    return { fileId: currentId, source: currentSource, isNew: false, copied: false };
  throw badRequest(IMAGE_REQUIRED);
}

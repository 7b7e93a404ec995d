import { accessFor } from '../proposals/access';
import type { FileWithContext } from './repository';

/** Who uploaded it: the signed-in uploader, or the browser holding a logged-out upload's secret. */
export function isUploader(
  file: Pick<FileWithContext, 'uploaded_by' | 'upload_token_hash'>,
  userId: string | null,
  uploadTokenHash: string | null,
): boolean {
  if (userId !== null && file.uploaded_by === userId) return true;
  return (
    file.uploaded_by === null &&
    uploadTokenHash !== null &&
    file.upload_token_hash === uploadTokenHash
  );
}

/**
 * A file attached to a proposal is readable by whoever may read that proposal; an account's
 * company logo and a catalogue product's picture by anyone (the catalogue is public; a product
 * entered by hand has its picture in its proposal instead); any other file (an upload not yet
 * saved in a proposal) by its uploader.
 */
export function canReadFile(
  file: FileWithContext,
  userId: string | null,
  uploadTokenHash: string | null,
): boolean {
  if (file.is_account_logo || file.is_catalogue_image) return true;
  if (file.proposal_id !== null)
    return file.proposal !== null && accessFor(userId, file.proposal) !== null;
  return isUploader(file, userId, uploadTokenHash);
}

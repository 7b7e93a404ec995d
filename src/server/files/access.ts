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
 * A file attached to a proposal is readable by whoever may read that proposal, and by a browser
 * holding that proposal's print cookie (signing/print-access.ts), as GET /api/proposal/{id} is;
 * an account's
 * company logo and a catalogue product's picture by anyone (the catalogue is public; a product
 * entered by hand has its picture in its proposal instead); any other file (an upload not yet
 * saved in a proposal) by its uploader.
 *
 * The image of a withdrawn signature stays attached (the log keeps the record), but it signs
 * nothing any more and nobody else needs a copy of someone's handwriting: only its signer reads
 * it, and only while they are still on the proposal, as the log lists it (decision 0076).
 */
export function canReadFile(
  file: FileWithContext,
  userId: string | null,
  uploadTokenHash: string | null,
  /** The caller holds a valid print cookie for this proposal id. */
  hasPrintAccess: (proposalId: string) => boolean = () => false,
): boolean {
  if (file.is_account_logo || file.is_catalogue_image) return true;
  if (file.proposal_id !== null) {
    const proposal = file.proposal;
    if (proposal === null) return false;
    const access = accessFor(userId, proposal);
    if (file.withdrawn_signer_id !== null)
      return userId === file.withdrawn_signer_id && access !== null && access.role !== 'public';
    if (access !== null) return true;
    return (
      proposal.deleted_at === null && proposal.owner_id !== null && hasPrintAccess(file.proposal_id)
    );
  }
  return isUploader(file, userId, uploadTokenHash);
}

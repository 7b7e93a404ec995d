import type { FileField } from '../../shared/schemas/proposal';
import type { z } from 'zod';
import type { photoUploadReplySchema } from '../../shared/schemas/proposal';
import type { AppContext } from '../context';
import type { FilesTable } from '../db/schema';
import { prepareUpload, storePrepared } from '../files/service';
import { checkUploadBudget, reserveUploadBudget, type BudgetCaller } from './upload-budget';
import { IMAGE_TYPES, type FileType } from '../files/sniff';
import { fileUrl } from '../files/urls';
import type { SignerRole } from '../../shared/schemas/signing';

/*
 * docs/product/uploads.md uploads: logo, personal photo and product photo take images only; big-picture (current
 * condition) and plan (group) files take photos and documents; a signature is a PNG (docs/product/uploads.md).
 * The type is read from the content, never from the name or the browser's claim.
 */

const DOCUMENTS: readonly FileType[] = [...IMAGE_TYPES, 'pdf', 'doc', 'docx'];

export const FIELD_RULES: Record<
  FileField,
  { kind: FilesTable['kind']; allowed: readonly FileType[] }
> = {
  companyLogo: { kind: 'company_logo', allowed: IMAGE_TYPES },
  personalPhoto: { kind: 'personal_photo', allowed: IMAGE_TYPES },
  currentCondition: { kind: 'current_condition', allowed: DOCUMENTS },
  groupImage: { kind: 'group_image', allowed: DOCUMENTS },
  productImage: { kind: 'product_image', allowed: IMAGE_TYPES },
  // The kind is the signer's (signatureKind): this one is replaced for every upload.
  signature: { kind: 'HOMEOWNER_SIGNATURE', allowed: ['png'] },
};

/** docs/product/uploads.md: signature files are named by kind, CONTRACTOR_SIGNATURE or HOMEOWNER_SIGNATURE. */
export const SIGNATURE_KINDS = ['CONTRACTOR_SIGNATURE', 'HOMEOWNER_SIGNATURE'] as const;
export type SignatureKind = (typeof SIGNATURE_KINDS)[number];

export function signatureKind(role: SignerRole): SignatureKind {
  return role === 'contractor' ? 'CONTRACTOR_SIGNATURE' : 'HOMEOWNER_SIGNATURE';
}

/** The block a stored file signs, or undefined when it is no signature. */
export function signerRoleOfKind(kind: string): SignerRole | undefined {
  if (kind === 'CONTRACTOR_SIGNATURE') return 'contractor';
  if (kind === 'HOMEOWNER_SIGNATURE') return 'homeowner';
  return undefined;
}

export type PhotoUploadReply = z.infer<typeof photoUploadReplySchema>;

export async function uploadProposalFile(
  ctx: AppContext,
  input: {
    field: FileField;
    bytes: Buffer;
    originalName: string;
    userId: string | null;
    uploadTokenHash: string | null;
    /** The client address key the upload rate limit counts a logged-out caller by. */
    client: string;
    /** field signature: the block it is drawn for (docs/product/uploads.md "plus the signer's role"). */
    signerRole?: SignerRole | undefined;
  },
): Promise<PhotoUploadReply> {
  const rule = FIELD_RULES[input.field];
  // A signature is stored, and named (docs/product/uploads.md {uuid}-{field}-NAME-…), by its kind.
  const kind =
    input.field === 'signature' && input.signerRole ? signatureKind(input.signerRole) : rule.kind;
  const caller: BudgetCaller = {
    userId: input.userId,
    client: input.client,
    signature: input.field === 'signature',
  };
  // Decision 0088: a caller with nothing left is refused before an image costs seconds to decode.
  await checkUploadBudget(ctx, caller, 1);
  const prepared = await prepareUpload({ bytes: input.bytes, allowed: rule.allowed });
  const saved = await storePrepared(
    ctx,
    {
      field: input.field === 'signature' ? kind : input.field,
      originalName: input.originalName,
      kind,
      uploadedBy: input.userId,
      uploadTokenHash: input.userId ? null : input.uploadTokenHash,
      uploadClient: input.userId ? null : input.client,
      reserve: (trx, size) => reserveUploadBudget(ctx, trx, caller, size),
    },
    prepared,
  );
  return {
    id: saved.id,
    url: fileUrl(saved.id),
    originalName: saved.originalName,
    contentType: saved.contentType,
    size: saved.size,
    field: input.field,
  };
}

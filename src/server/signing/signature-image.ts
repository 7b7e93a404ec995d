import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { SIGNATURE_EMPTY, SIGNATURE_UNAVAILABLE } from '../../shared/schemas/signing';
import type { AppContext } from '../context';
import { MAX_IMAGE_PIXELS } from '../files/image';
import { sniffFileType } from '../files/sniff';
import { badRequest } from '../http/errors';
import type { FileRow } from '../proposals/plan-repository';
import { signatureKind } from '../proposals/upload';
import type { SignerRole } from '../../shared/schemas/signing';

/*
 * A signature is a PNG (docs/product/signing.md) the signer uploaded themselves for the block they sign in (field
 * 'signature', kind CONTRACTOR_SIGNATURE or HOMEOWNER_SIGNATURE) and has not used yet, and it must show something (docs/product/signing.md: "A signature must be non-empty"): a pad's
 * untouched canvas is fully transparent, or one flat colour.
 */

/** The upload is one the caller may sign with. */
export function assertUsableSignatureFile(
  file: FileRow | undefined,
  userId: string,
  role: SignerRole,
): asserts file is FileRow {
  if (
    !file ||
    file.kind !== signatureKind(role) ||
    file.uploaded_by !== userId ||
    file.proposal_id !== null ||
    file.content_type !== 'image/png'
  )
    throw badRequest(SIGNATURE_UNAVAILABLE);
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** True when no pixel can be seen: fully transparent, or every pixel the same colour. */
export async function isBlankImage(bytes: Buffer): Promise<boolean> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  const [meta, stats] = [await image.metadata(), await image.stats()];
  const alpha = meta.hasAlpha ? stats.channels.at(-1) : undefined;
  if (alpha && alpha.max === 0) return true;
  return stats.channels.every((channel) => channel.min === channel.max);
}

/** Reads the stored bytes: a PNG by its magic bytes, with something drawn on it. */
export async function assertDrawnSignature(ctx: AppContext, file: FileRow): Promise<void> {
  const stream = await ctx.storage.get(file.storage_key);
  if (!stream) throw badRequest(SIGNATURE_UNAVAILABLE);
  const bytes = await readAll(stream);
  if (sniffFileType(bytes) !== 'png') throw badRequest(SIGNATURE_UNAVAILABLE);
  let blank: boolean;
  try {
    blank = await isBlankImage(bytes);
  } catch {
    throw badRequest(SIGNATURE_UNAVAILABLE);
  }
  if (blank) throw badRequest(SIGNATURE_EMPTY);
}

import { createHash, randomUUID } from 'node:crypto';
import { UPLOAD_TOO_BIG, UPLOAD_MAX_BYTES } from '../../shared/constants';
import type { AppContext } from '../context';
import type { FilesTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { processImage } from './image';
import { deleteFileAsSeen, insertFile } from './repository';
import { CONTENT_TYPES, EXTENSIONS, IMAGE_TYPES, type FileType, sniffFileType } from './sniff';
import type { Executor } from '../db/helpers';

export interface UploadInput {
  bytes: Buffer;
  field: string;
  originalName: string;
  kind: FilesTable['kind'];
  uploadedBy: string | null;
  /** For a logged-out uploader: the hash of the secret in their browser's upload cookie. */
  uploadTokenHash?: string | null;
  /** For a logged-out uploader: their client address key, summed by (decision 0088). */
  uploadClient?: string | null;
  /**
   * Checks a storage budget for the prepared size in the transaction that records the file; a
   * throw refuses the upload before its bytes are written (decision 0088).
   */
  reserve?: (trx: Executor, size: number) => Promise<void>;
  proposalId?: string | null;
  groupId?: string | null;
  allowed: readonly FileType[];
}

/** The docs/product/uploads.md name: {uuid}-{field}-NAME-{original}-NAME-.{ext}, made safe for any bucket. */
export function storageKey(field: string, originalName: string, ext: string): string {
  const clean = (s: string, max: number) =>
    s
      .normalize('NFKD')
      .replace(/\.[^.]*$/, '')
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, max) || 'file';
  return `${randomUUID()}-${clean(field, 40)}-NAME-${clean(originalName, 80)}-NAME-.${ext}`;
}

export interface SavedUpload {
  id: string;
  type: FileType;
  contentType: string;
  size: number;
  originalName: string;
}

/** The message for a file whose content is none of the allowed types. */
export function unsupportedType(allowed: readonly FileType[]): HttpError {
  const names = allowed.map((t) => EXTENSIONS[t]).join(', ');
  return new HttpError(415, `This file type is not supported. Please upload ${names}.`);
}

/** An upload checked and, for an image, decoded and written again: ready to be stored. */
export interface PreparedUpload {
  bytes: Buffer;
  type: FileType;
}

/**
 * Validates by content (never by name) and decodes and rewrites images within bounds: all of an
 * upload's refusals (413, 415, 400) and all of its work, nothing written. An image can take
 * seconds, so a caller that holds something meanwhile prepares first (a sign-up's logo, before
 * its e-mail counts against the address: decision 0082).
 */
export async function prepareUpload(
  input: Pick<UploadInput, 'bytes' | 'allowed'>,
): Promise<PreparedUpload> {
  if (input.bytes.length > UPLOAD_MAX_BYTES) throw new HttpError(413, UPLOAD_TOO_BIG);
  const type = sniffFileType(input.bytes);
  if (!type || !input.allowed.includes(type)) throw unsupportedType(input.allowed);
  const bytes = IMAGE_TYPES.includes(type) ? await processImage(input.bytes, type) : input.bytes;
  if (bytes.length > UPLOAD_MAX_BYTES) throw new HttpError(413, UPLOAD_TOO_BIG);
  return { bytes, type };
}

/**
 * Stores prepared bytes, then records the row; bytes whose row cannot be written are removed
 * again. With a budget to check (`reserve`) the row comes first, as the reservation the next
 * upload's check counts, and a failed write of the bytes deletes it again.
 */
export async function storePrepared(
  ctx: AppContext,
  input: Omit<UploadInput, 'bytes' | 'allowed'>,
  prepared: PreparedUpload,
  db: Executor = ctx.db,
): Promise<SavedUpload> {
  const { bytes, type } = prepared;
  const id = randomUUID();
  const key = storageKey(input.field, input.originalName, EXTENSIONS[type]);
  const originalName = input.originalName.slice(0, 255);
  const row = {
    id,
    storage_key: key,
    uploaded_by: input.uploadedBy,
    upload_token_hash: input.uploadTokenHash ?? null,
    upload_client: input.uploadClient ?? null,
    proposal_id: input.proposalId ?? null,
    group_id: input.groupId ?? null,
    kind: input.kind,
    field: input.field,
    original_name: originalName,
    content_type: CONTENT_TYPES[type],
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    position: 0,
    created_at: ctx.now(),
  };
  const saved = { id, type, contentType: CONTENT_TYPES[type], size: bytes.length, originalName };
  const { reserve } = input;
  if (reserve) {
    const record = async (trx: Executor) => {
      await reserve(trx, bytes.length);
      await insertFile(trx, row);
    };
    await (db.isTransaction ? record(db) : db.transaction().execute(record));
    try {
      await ctx.storage.put(key, bytes, CONTENT_TYPES[type]);
    } catch (err) {
      await deleteFileAsSeen(db, id, null);
      throw err;
    }
    return saved;
  }
  await ctx.storage.put(key, bytes, CONTENT_TYPES[type]);
  try {
    await insertFile(db, row);
  } catch (err) {
    await removeStoredBytes(ctx, [key]);
    throw err;
  }
  return saved;
}

/**
 * prepareUpload then storePrepared: nothing is written until every check has passed. Returns
 * the file's id and what the reply tells of it.
 */
export async function storeUpload(
  ctx: AppContext,
  input: UploadInput,
  db: Executor = ctx.db,
): Promise<SavedUpload> {
  return storePrepared(ctx, input, await prepareUpload(input), db);
}

/**
 * Deletes stored bytes after their rows are gone. A failure is logged, not raised: the rows are
 * already deleted, so nothing can reach the bytes any more.
 */
export async function removeStoredBytes(ctx: AppContext, keys: readonly string[]): Promise<void> {
  for (const key of keys) {
    try {
      await ctx.storage.delete(key);
    } catch (err) {
      ctx.log.warn({ err, key }, 'could not delete stored file bytes');
    }
  }
}

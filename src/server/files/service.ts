import { createHash, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { UPLOAD_TOO_BIG, UPLOAD_MAX_BYTES } from '../../shared/constants';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { DatabaseSchema, FilesTable } from '../db/schema';
import { HttpError } from '../http/errors';
import { CONTENT_TYPES, EXTENSIONS, type FileType, sniffFileType } from './sniff';

export interface UploadInput {
  bytes: Buffer;
  field: string;
  originalName: string;
  kind: FilesTable['kind'];
  uploadedBy: string | null;
  proposalId?: string | null;
  groupId?: string | null;
  allowed: readonly FileType[];
}

/** The §7 name: {uuid}-{field}-NAME-{original}-NAME-.{ext}, made safe for any bucket. */
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

/** Validates by content, stores the bytes, then records the row. Returns the file id. */
export async function saveUpload(
  ctx: AppContext,
  input: UploadInput,
  db: Db | Transaction<DatabaseSchema> = ctx.db,
): Promise<string> {
  if (input.bytes.length > UPLOAD_MAX_BYTES) throw new HttpError(413, UPLOAD_TOO_BIG);
  const type = sniffFileType(input.bytes);
  if (!type || !input.allowed.includes(type)) {
    const names = input.allowed.map((t) => EXTENSIONS[t]).join(', ');
    throw new HttpError(415, `This file type is not supported. Please upload ${names}.`);
  }
  const id = randomUUID();
  const key = storageKey(input.field, input.originalName, EXTENSIONS[type]);
  await ctx.storage.put(key, input.bytes, CONTENT_TYPES[type]);
  await db
    .insertInto('files')
    .values({
      id,
      storage_key: key,
      uploaded_by: input.uploadedBy,
      proposal_id: input.proposalId ?? null,
      group_id: input.groupId ?? null,
      kind: input.kind,
      field: input.field,
      original_name: input.originalName.slice(0, 255),
      content_type: CONTENT_TYPES[type],
      size: input.bytes.length,
      sha256: createHash('sha256').update(input.bytes).digest('hex'),
      position: 0,
      created_at: ctx.now(),
    })
    .execute();
  return id;
}

import { UPLOAD_MAX_BYTES, UPLOAD_TOO_BIG } from '../../../shared/constants';
import type { FileRef } from '../../../shared/schemas/proposal';

/*
 * docs/product/uploads.md upload rules as pure functions: which files a field takes, which are too big, which are
 * compressed in the browser first. The server checks again by content; these keep the user from
 * waiting for an upload that cannot succeed.
 */

/** 'image': logo and personal photo. 'document': big-picture and plan files (photos and documents). */
export type UploadAccept = 'image' | 'document';

const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'gif', 'png'] as const;
const DOCUMENT_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
const DOCUMENT_TYPES = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
] as const;

const extensionsFor = (accept: UploadAccept): readonly string[] =>
  accept === 'image' ? IMAGE_EXTENSIONS : [...IMAGE_EXTENSIONS, ...DOCUMENT_EXTENSIONS];
const typesFor = (accept: UploadAccept): readonly string[] =>
  accept === 'image' ? IMAGE_TYPES : [...IMAGE_TYPES, ...DOCUMENT_TYPES];

/** The `accept` attribute of the file input. */
export function acceptAttribute(accept: UploadAccept): string {
  return [...extensionsFor(accept).map((ext) => `.${ext}`), ...typesFor(accept)].join(',');
}

export function extensionOf(name: string): string {
  const match = /\.([a-z0-9]+)$/i.exec(name.trim());
  return match?.[1]?.toLowerCase() ?? '';
}

export const IMAGE_TYPE_ERROR = 'Please choose a JPG, PNG or GIF image.';
export const DOCUMENT_TYPE_ERROR = 'Please choose a JPG, PNG, GIF, PDF, DOC or DOCX file.';

export type FileCheck =
  | { ok: true }
  | { ok: false; reason: 'too-big'; message: typeof UPLOAD_TOO_BIG }
  | { ok: false; reason: 'type'; message: string };

/**
 * Checks one chosen file. Some systems report no MIME type for Word files, so a known extension
 * is enough; a known MIME type with an odd extension is accepted too.
 */
export function checkFile(
  file: { name: string; type: string; size: number },
  accept: UploadAccept,
): FileCheck {
  const knownType = typesFor(accept).includes(file.type.toLowerCase());
  const knownExtension = extensionsFor(accept).includes(extensionOf(file.name));
  if (!knownType && !knownExtension) {
    return {
      ok: false,
      reason: 'type',
      message: accept === 'image' ? IMAGE_TYPE_ERROR : DOCUMENT_TYPE_ERROR,
    };
  }
  if (file.size > UPLOAD_MAX_BYTES)
    return { ok: false, reason: 'too-big', message: UPLOAD_TOO_BIG };
  return { ok: true };
}

/**
 * docs/product/uploads.md/docs/product/constants.md: JPEG and PNG photos are compressed to at most 1 MB before upload (which also turns them
 * upright from their EXIF orientation). GIFs may be animated and are sent as they are.
 */
export function shouldCompress(file: { name: string; type: string }): boolean {
  const type = file.type.toLowerCase();
  if (type === 'image/jpeg' || type === 'image/png') return true;
  if (type !== '') return false;
  return ['jpg', 'jpeg', 'png'].includes(extensionOf(file.name));
}

export const COMPRESS_TARGET_MB = 1;

/** A stored file shows as a thumbnail when it is an image, otherwise as a chip with its name. */
export function isImageFile(ref: Pick<FileRef, 'contentType' | 'originalName'>): boolean {
  if (ref.contentType) return ref.contentType.toLowerCase().startsWith('image/');
  return (IMAGE_EXTENSIONS as readonly string[]).includes(extensionOf(ref.originalName));
}

/** '2.4 MB', '830 KB': for file chips. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

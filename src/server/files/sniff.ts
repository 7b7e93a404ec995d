import { inflateRawSync } from 'node:zlib';

/** File types docs/product/uploads.md allows, recognised by their first bytes rather than trusted from the name. */
export type FileType = 'jpeg' | 'png' | 'gif' | 'pdf' | 'doc' | 'docx';

export const CONTENT_TYPES: Record<FileType, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};

export const EXTENSIONS: Record<FileType, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  pdf: 'pdf',
  doc: 'doc',
  docx: 'docx',
};

export const IMAGE_TYPES: readonly FileType[] = ['jpeg', 'png', 'gif'];

const startsWith = (buf: Buffer, bytes: number[]) => bytes.every((b, i) => buf[i] === b);

export function sniffFileType(buf: Buffer): FileType | undefined {
  if (startsWith(buf, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(buf, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (
    buf.subarray(0, 6).toString('latin1') === 'GIF87a' ||
    buf.subarray(0, 6).toString('latin1') === 'GIF89a'
  )
    return 'gif';
  if (buf.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  // Legacy Word: an OLE2 compound document.
  if (startsWith(buf, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  // .docx: a zip (OOXML package) whose [Content_Types].xml names a word-processing main part
  // that the package really holds. Any other zip, a macro-enabled .docm or a template is refused.
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) && isWordDocument(buf)) return 'docx';
  return undefined;
}

/** The content type OOXML gives the main part of a Word document (ECMA-376 Part 1, clause 11.3.10). */
export const WORD_MAIN_PART_TYPE =
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml';

// [Content_Types].xml of a real document is a few kilobytes; anything far larger is not one.
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024;
const ZIP_MAX_ENTRIES = 10_000;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

/** The zip's central directory, or undefined when it is not a well-formed (non-zip64) zip. */
function zipEntries(buf: Buffer): ZipEntry[] | undefined {
  // End of central directory: 22 bytes plus a comment of at most 65,535 bytes, at the very end.
  const floor = Math.max(0, buf.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = buf.length - 22; i >= floor; i--) {
    if (buf.readUInt32LE(i) === 0x06054b50) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return undefined;
  const count = buf.readUInt16LE(eocd + 10);
  const dirSize = buf.readUInt32LE(eocd + 12);
  let at = buf.readUInt32LE(eocd + 16);
  if (count > ZIP_MAX_ENTRIES || at + dirSize > eocd) return undefined;
  const entries: ZipEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > eocd || buf.readUInt32LE(at) !== 0x02014b50) return undefined;
    const nameLength = buf.readUInt16LE(at + 28);
    const extraLength = buf.readUInt16LE(at + 30);
    const commentLength = buf.readUInt16LE(at + 32);
    if (at + 46 + nameLength > eocd) return undefined;
    entries.push({
      method: buf.readUInt16LE(at + 10),
      compressedSize: buf.readUInt32LE(at + 20),
      size: buf.readUInt32LE(at + 24),
      localOffset: buf.readUInt32LE(at + 42),
      name: buf.subarray(at + 46, at + 46 + nameLength).toString('utf8'),
    });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function entryBytes(buf: Buffer, e: ZipEntry): Buffer | undefined {
  const at = e.localOffset;
  if (at + 30 > buf.length || buf.readUInt32LE(at) !== 0x04034b50) return undefined;
  const start = at + 30 + buf.readUInt16LE(at + 26) + buf.readUInt16LE(at + 28);
  if (start + e.compressedSize > buf.length || e.size > CONTENT_TYPES_MAX_BYTES) return undefined;
  const data = buf.subarray(start, start + e.compressedSize);
  if (e.method === 0) return data;
  if (e.method !== 8) return undefined;
  try {
    return inflateRawSync(data, { maxOutputLength: CONTENT_TYPES_MAX_BYTES });
  } catch {
    return undefined;
  }
}

const attribute = (tag: string, name: string) =>
  new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(tag)?.slice(1).find(Boolean);

function isWordDocument(buf: Buffer): boolean {
  const entries = zipEntries(buf);
  if (!entries) return false;
  const types = entries.find((e) => e.name === '[Content_Types].xml');
  const xml = types && entryBytes(buf, types)?.toString('utf8');
  if (!xml) return false;
  const names = new Set(entries.map((e) => e.name.toLowerCase()));
  for (const [tag] of xml.matchAll(/<(?:\w+:)?Override\b[^>]*>/g)) {
    if (attribute(tag, 'ContentType')?.trim().toLowerCase() !== WORD_MAIN_PART_TYPE) continue;
    // Part names are absolute within the package (/word/document.xml) and case-insensitive.
    const part = attribute(tag, 'PartName')?.replace(/^\//, '').toLowerCase();
    if (part && names.has(part)) return true;
  }
  return false;
}

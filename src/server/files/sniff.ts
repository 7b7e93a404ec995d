/** File types §5 allows, recognised by their first bytes rather than trusted from the name. */
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
  // .docx is a zip whose entries include word/ — look for that name in the first entries.
  if (startsWith(buf, [0x50, 0x4b, 0x03, 0x04]) && buf.subarray(0, 4096).includes('word/'))
    return 'docx';
  return undefined;
}

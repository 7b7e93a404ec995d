import { CONTENT_TYPES, EXTENSIONS, type FileType } from './sniff';

/** Types a browser may show in the page: raster images only, never HTML, SVG or PDF. */
const INLINE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif']);

export const isInlineType = (contentType: string) => INLINE_TYPES.has(contentType);

/** The download name: the uploader's name with the extension of what the file really is. */
export function downloadName(originalName: string, contentType: string): string {
  const type = (Object.keys(CONTENT_TYPES) as FileType[]).find(
    (t) => CONTENT_TYPES[t] === contentType,
  );
  const base = originalName.replace(/\.[^./\\]*$/, '').trim() || 'file';
  return type ? `${base}.${EXTENSIONS[type]}` : base;
}

// RFC 5987 / 8187 value characters: attr-char, everything else percent-encoded as UTF-8.
const encodeExtValue = (value: string) =>
  encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );

/**
 * RFC 6266: `attachment; filename="ascii fallback"; filename*=UTF-8''…`. The fallback keeps
 * printable ASCII without quotes or backslashes, so no name can break out of the header.
 */
export function contentDisposition(kind: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_').slice(0, 150) || 'file';
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encodeExtValue(filename)}`;
}

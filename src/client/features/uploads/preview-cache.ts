/*
 * Local previews of images uploaded in this tab, by file id. A thumbnail shows at once from the
 * bytes the user chose instead of waiting for the stored copy to be fetched back.
 */
const previews = new Map<string, string>();

export function rememberPreview(id: string, blob: Blob): void {
  if (typeof URL.createObjectURL !== 'function') return;
  previews.set(id, URL.createObjectURL(blob));
}

export function previewFor(id: string): string | undefined {
  return previews.get(id);
}

export function forgetPreview(id: string): void {
  const url = previews.get(id);
  if (url) URL.revokeObjectURL(url);
  previews.delete(id);
}

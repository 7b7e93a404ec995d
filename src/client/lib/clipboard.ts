/**
 * Writes `text` to the clipboard; false where there is none (a page not on https or localhost,
 * some embedded browsers) or it was refused (no permission, the page not focused), so the caller
 * offers a copy by hand instead of throwing.
 */
export async function writeClipboard(text: string): Promise<boolean> {
  if (typeof navigator === 'undefined' || typeof navigator.clipboard?.writeText !== 'function') {
    return false;
  }
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

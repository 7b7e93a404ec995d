import type dns from 'node:dns';
import { ClipError, fetchPage } from './fetch-page';

/** A product photo is smaller than a page; 5 MB leaves room for large retailer shots. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const NOT_AN_IMAGE = 'The address did not answer with an image.';
const IMAGE_ACCEPT = 'image/jpeg,image/png,image/gif,image/webp;q=0.9,image/*;q=0.5';

/** A product photo's bytes as the shop sent them, and the address they came from. */
export interface FetchedImage {
  body: Uint8Array;
  finalUrl: string;
}

/**
 * A product photo fetched behind the clipper's guard (fetchPage: the same address, port,
 * redirect, size and time rules as a page). Runs in the parse pool's worker (decision 0052);
 * whether the bytes are an image is checked by the caller, as for any upload.
 */
export async function fetchImage(
  url: string,
  { allowHosts, resolve }: { allowHosts: string[]; resolve?: typeof dns.lookup },
): Promise<FetchedImage> {
  const fetched = await fetchPage(url, {
    allowHosts,
    accept: IMAGE_ACCEPT,
    maxBytes: PRODUCT_IMAGE_MAX_BYTES,
    ...(resolve ? { resolve } : {}),
  });
  if (fetched.status < 200 || fetched.status >= 300) throw new ClipError(NOT_AN_IMAGE);
  return { body: fetched.body, finalUrl: fetched.finalUrl };
}

import { isHttpUrl } from '../../shared/domain/products';

// Tracking parameters say how a visitor arrived, not which product the page shows.
const TRACKING_PARAMS = new Set(['gclid', 'fbclid', 'gbraid', 'wbraid', 'msclkid']);
const isTracking = (name: string) =>
  name.toLowerCase().startsWith('utm_') || TRACKING_PARAMS.has(name.toLowerCase());
/*
 * A clipped product joins the catalogue everyone searches, its link with it (review 24). A link
 * someone copied from their own session may carry a secret or who they are: a parameter named for
 * one, or whose value is an e-mail address, is never part of what identifies a product.
 */
const SECRET_NAME = /token|secret|session|sessid|passw|auth|signature|api_?key/i;
const EMAIL_VALUE = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;
const isPersonal = (name: string, value: string) =>
  SECRET_NAME.test(name) || EMAIL_VALUE.test(value.trim());

/**
 * The form under which a clipped product is stored and de-duplicated: lower-case host, no default
 * port, no fragment, no tracking parameters, no credentials or other secrets. Null when it is not an http(s) URL.
 */
export function normaliseProductUrl(raw: string): string | null {
  const value = raw.trim();
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  url.hash = '';
  url.username = '';
  url.password = '';
  // Deleting a parameter re-encodes the whole query ('+' for spaces), so a query without
  // tracking parameters is left exactly as it was.
  for (const [name, value] of [...url.searchParams]) {
    if (isTracking(name) || isPersonal(name, value)) url.searchParams.delete(name, value);
  }
  if (url.searchParams.size === 0) url.search = '';
  return url.toString();
}

/**
 * The longest stored product URL, in bytes. products.url is indexed, and PostgreSQL refuses a
 * btree entry over about 2.7 KB; percent-encoding can make a pasted URL several times longer.
 */
export const MAX_PRODUCT_URL_BYTES = 2048;

/** The normalised URL when it is an http(s) URL short enough to store, else null. */
export function storableProductUrl(raw: string): string | null {
  const url = normaliseProductUrl(raw);
  return url !== null && Buffer.byteLength(url) <= MAX_PRODUCT_URL_BYTES ? url : null;
}

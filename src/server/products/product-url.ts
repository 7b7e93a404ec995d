import { isHttpUrl } from '../../shared/domain/products';

// Tracking parameters say how a visitor arrived, not which product the page shows.
const TRACKING_PARAMS = new Set(['gclid', 'fbclid', 'gbraid', 'wbraid', 'msclkid']);
const isTracking = (name: string) =>
  name.toLowerCase().startsWith('utm_') || TRACKING_PARAMS.has(name.toLowerCase());
/*
 * A clipped product joins the catalogue everyone searches, its link with it (review 24). A link
 * someone copied from their own session may carry a secret or who they are: a parameter named for
 * one (by its words: 'oauth_token' and 'SessionId' are, 'author' is not), or whose value is an
 * e-mail address, is not part of what identifies a product to everyone.
 */
const SECRET_WORDS = new Set([
  'token',
  'secret',
  'session',
  'sessionid',
  'sessid',
  'password',
  'passwd',
  'auth',
  'signature',
]);
const SECRET_NAMES = new Set(['apikey', 'authkey', 'accesskey']);
// An address's domain ends in letters; a file's name such as 'tap@2x.jpg' is not one.
const EMAIL_VALUE =
  /^[^@\s/]+@[^@\s/]+\.(?!(?:jpe?g|png|gif|webp|avif|svg|html?|php|aspx?|js|css)$)[a-z]{2,}$/i;
function isPersonal(name: string, value: string): boolean {
  const words = name
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/);
  if (words.some((word) => SECRET_WORDS.has(word))) return true;
  if (SECRET_NAMES.has(words.join(''))) return true;
  return EMAIL_VALUE.test(value.trim());
}

/**
 * The form under which a product is fetched, stored and de-duplicated: lower-case host, no
 * default port, no fragment, no tracking parameters, no credentials. Null when it is not an
 * http(s) URL. `forEveryone`: also without what is personal (above), for the shared catalogue.
 */
export function normaliseProductUrl(raw: string, forEveryone = false): string | null {
  const value = raw.trim();
  if (!isHttpUrl(value)) return null;
  const url = new URL(value);
  url.hash = '';
  url.username = '';
  url.password = '';
  // Deleting a parameter re-encodes the whole query ('+' for spaces), so a query without
  // tracking parameters is left exactly as it was.
  for (const [name, value] of [...url.searchParams]) {
    if (isTracking(name) || (forEveryone && isPersonal(name, value)))
      url.searchParams.delete(name, value);
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
export function storableProductUrl(raw: string, forEveryone = false): string | null {
  const url = normaliseProductUrl(raw, forEveryone);
  return url !== null && Buffer.byteLength(url) <= MAX_PRODUCT_URL_BYTES ? url : null;
}

/** A clipped product's link as the shared catalogue keeps it and finds it, or null. */
export const catalogueProductUrl = (raw: string) => storableProductUrl(raw, true);

import { formatMoney } from './money';

/*
 * Product rules shared by the add-product forms and the API (docs/product/catalogue.md). Text and URLs of products come
 * from strangers and retailer pages, so only http(s) URLs ever become links.
 */

/** The example in the URL alerts (docs/product/catalogue.md 'E.g. {host}/'): a reserved example domain. */
export const URL_EXAMPLE_HOST = 'https://www.example.com';

export const PRODUCT_NAME_REQUIRED = 'Please enter product name';
export const IMAGE_REQUIRED = 'Please enter image';
export const NO_CURRENCY_TOOLTIP =
  'We could not get the price currency. This is a placeholder. Visit the website for more details.';

export const productUrlAlert = (host = URL_EXAMPLE_HOST) =>
  `Please enter valid Product URL. E.g. ${host}/`;
export const photoUrlAlert = (host = URL_EXAMPLE_HOST) =>
  `Please enter valid Photo URL. E.g. ${host}/`;

/** An absolute http or https URL with a host; everything else (javascript:, data:, relative) is not. */
export function isHttpUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
}

/** The href to render for a product URL, or undefined when it must not be a link. */
export function safeHref(value: string): string | undefined {
  return isHttpUrl(value) ? value : undefined;
}

/** 'www.example.com' for a product URL; '' when it is not an http(s) URL. */
export function hostnameOf(value: string): string {
  return isHttpUrl(value) ? new URL(value).hostname.toLowerCase() : '';
}

export const PRICE_NOT_AVAILABLE = 'Price not available';

/** docs/product/constants.md format, or 'Price not available'. */
export function priceText(priceCents: number | null, currency: string | null): string {
  return priceCents === null ? PRICE_NOT_AVAILABLE : formatMoney(priceCents, currency);
}

/** A price shown without a known currency is a guess in dollars, so it carries the docs/product/catalogue.md tooltip. */
export function needsCurrencyHint(priceCents: number | null, currency: string | null): boolean {
  return priceCents !== null && currency === null;
}

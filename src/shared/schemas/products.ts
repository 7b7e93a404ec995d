import { z } from 'zod';
import { OPTIONS_PER_ITEM_MAX, PRODUCT_PAGE_SIZE } from '../constants';
import { PROPOSAL_CURRENCIES, UNKNOWN_CURRENCY } from '../domain/currency';
import {
  IMAGE_REQUIRED,
  PRODUCT_NAME_REQUIRED,
  isHttpUrl,
  photoUrlAlert,
  productUrlAlert,
} from '../domain/products';

/*
 * Products (docs/product/catalogue.md) and the catalogue calls of docs/product/catalogue.md. Money travels as integer cents (`priceCents`);
 * `price` in the spec's payloads is that amount. Who created a product is never part of a reply:
 * clipped products join the shared catalogue, and other users must not learn who clipped them.
 */

export const CURRENCIES = ['EUR', 'GBP', 'USD'] as const;
export const currencySchema = z.enum(CURRENCIES).nullable();
export type Currency = z.infer<typeof currencySchema>;

export const productSchema = z.object({
  _id: z.string(),
  title: z.string(),
  /** The retailer page (http/https only; anything else is stored as ''). */
  url: z.string(),
  /** Where the browser loads the image: always a path on this site (a stored copy). */
  image: z.string(),
  priceCents: z.number().int().nullable(),
  currency: currencySchema,
  hostname: z.string(),
  manual: z.boolean(),
  /** The caller may edit it in place (a product they entered by hand). */
  canEdit: z.boolean(),
});
export type Product = z.infer<typeof productSchema>;
export const productListSchema = z.array(productSchema);

/** `?currency=EUR`: optional; without it the order is relevance alone, as before. */
const catalogueCurrency = z.enum(PROPOSAL_CURRENCIES, { error: UNKNOWN_CURRENCY }).optional();

/** POST /api/products/byName/{name}?currency=EUR: the proposal's currency ranks first. */
export const suggestionsQuerySchema = z.object({ currency: catalogueCurrency });

/** GET /api/products?limit=8&page={n}&searchTerms={text}; pages count from 1. */
export const productListQuerySchema = z.object({
  limit: z.coerce
    .number('limit must be a number.')
    .int('limit must be a whole number.')
    .min(1, 'limit must be at least 1.')
    .max(50, 'limit must be at most 50.')
    .default(PRODUCT_PAGE_SIZE),
  page: z.coerce
    .number('page must be a number.')
    .int('page must be a whole number.')
    .min(1, 'page must be at least 1.')
    .max(10_000, 'page must be at most 10000.')
    .default(1),
  searchTerms: z.string().max(200, 'Search terms: at most 200 characters.').default(''),
  /** Products in this currency first, then those without one, then the rest (decision 0021). */
  currency: catalogueCurrency,
});
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

const productUrl = z
  .string()
  .trim()
  .max(2000, 'The product URL is too long.')
  .refine(isHttpUrl, { error: () => productUrlAlert() });
const optionalPhotoUrl = z
  .string()
  .trim()
  .max(2000, 'The photo URL is too long.')
  .refine((v) => v === '' || isHttpUrl(v), { error: () => photoUrlAlert() });
const priceCents = z
  .number('Price must be a number.')
  .int('Price must be in whole cents.')
  .min(0, 'Price cannot be negative.')
  .max(100_000_000_00, 'Price is too large.')
  .nullable();

/** The manual product form (docs/product/catalogue.md add-product modal: productName, productURL, photoURL, price, currency). */
const manualProductFields = z.object({
  productName: z
    .string()
    .trim()
    .min(1, PRODUCT_NAME_REQUIRED)
    .max(300, 'The product name is too long.'),
  productURL: productUrl,
  /** A photo on the web, fetched and copied under the clip guard… */
  photoURL: optionalPhotoUrl.default(''),
  /** …or an uploaded file (field productImage). One of the two is required. */
  imageFileId: z.uuid('Unknown image.').nullable().default(null),
  priceCents,
  currency: currencySchema,
});
const imageRequired = (d: { photoURL: string; imageFileId: string | null }) =>
  d.photoURL !== '' || d.imageFileId !== null;
const IMAGE_REQUIRED_ISSUE = { error: IMAGE_REQUIRED, path: ['imageFileId'] };
export const manualProductDataSchema = manualProductFields.refine(
  imageRequired,
  IMAGE_REQUIRED_ISSUE,
);
export type ManualProductData = z.input<typeof manualProductDataSchema>;

/** POST /api/products/: {url} clips a retailer page; the manual form also names the item it is for. */
export const clipProductRequestSchema = z.object({ url: productUrl });
export const manualProductRequestSchema = z.object({
  manual: z.literal(true),
  costItemId: z.uuid('Unknown item.'),
  manualProductData: manualProductDataSchema,
});
export const createProductRequestSchema = z.union([
  manualProductRequestSchema,
  clipProductRequestSchema,
]);
export type CreateProductRequest = z.input<typeof createProductRequestSchema>;

/** What the edit form showed of the product: a save over a change made since answers 409. */
export const shownProductSchema = z.object({
  title: z.string().max(1000),
  url: z.string().max(4000),
  image: z.string().max(4000),
  priceCents: z.number().int().nullable(),
  currency: currencySchema,
});
export type ShownProduct = z.infer<typeof shownProductSchema>;

export const PRODUCT_EDITED_ELSEWHERE =
  'This product was changed in another window meanwhile. Close this form to see it as it is now, then edit it again.';

/**
 * PUT /api/products/{id}: the same fields as the manual form, and `expected`, the product as the
 * form showed it (optional on the wire: a request without it saves as before).
 */
export const updateProductRequestSchema = manualProductFields
  .extend({ expected: shownProductSchema.optional() })
  .refine(imageRequired, IMAGE_REQUIRED_ISSUE);
export type UpdateProductRequest = z.input<typeof updateProductRequestSchema>;

/** POST /api/products/byName/{name}: the item's current options are excluded from suggestions. */
export const suggestionsRequestSchema = z.object({
  selections: z
    .array(z.object({ productId: z.string().max(64) }))
    .max(OPTIONS_PER_ITEM_MAX, 'Too many options.')
    .default([]),
});
export type SuggestionsRequest = z.input<typeof suggestionsRequestSchema>;

import { z } from 'zod';
import { DEFAULT_CURRENCY, type ProposalCurrency } from '../../../shared/domain/currency';
import {
  IMAGE_REQUIRED,
  PRODUCT_NAME_REQUIRED,
  isHttpUrl,
  photoUrlAlert,
  productUrlAlert,
} from '../../../shared/domain/products';
import {
  CURRENCIES,
  manualProductDataSchema,
  type Currency,
  type ManualProductData,
  type Product,
} from '../../../shared/schemas/products';
import type { FileRef } from '../../../shared/schemas/proposal';

/*
 * The add-product and edit-product modals (docs/product/selections.md) as pure data: what the fields hold, how they become
 * the shared ManualProductData, and every docs/product/selections.md message to show, each beside its field, when they
 * cannot.
 */

export type ProductField =
  'productName' | 'productURL' | 'image' | 'photoURL' | 'price' | 'currency';

export type CurrencyChoice = '' | (typeof CURRENCIES)[number];

export interface ProductFormValues {
  productName: string;
  productURL: string;
  /** An uploaded image, or the edited product's current one; when set, photoURL is not used. */
  image: FileRef | null;
  photoURL: string;
  /** As typed: '1,299.99'. */
  price: string;
  /** '' is 'Unknown' (no currency). */
  currency: CurrencyChoice;
}

export interface ProductProblem {
  field: ProductField;
  message: string;
}

/** Not ok: at least one problem, at most one per field, in the order the fields appear. */
export type ProductFormCheck =
  { ok: true; data: ManualProductData } | { ok: false; problems: ProductProblem[] };

export type PriceResult = { ok: true; cents: number | null } | { ok: false; message: string };

export const PRICE_INVALID = 'Please enter the price as a number, e.g. 1,299.99';
export const PRICE_TOO_LARGE = 'Price is too large.';
export const PHOTO_UPLOADING = 'Please wait until the photo has finished uploading.';

// Commas only as thousands separators ('1,299'), so '1,29' is refused rather than misread.
const PRICE_PATTERN = /^(?:(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d{0,2}))?|\.(\d{1,2}))$/;
// Beyond this many whole digits a Number would no longer hold the cents exactly.
const MAX_WHOLE_DIGITS = 12;
/**
 * The image id a product kept in the page carries: its photo never reaches the server, but the
 * shared schema still wants an id beside it (one photo per form, so one fixed id is enough).
 */
export const LOCAL_IMAGE_ID = '00000000-0000-4000-8000-000000000000';
const FILE_PATH = /^\/api\/files\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** '1,299.99' → 129999 by digits alone (no floating point); '' → null (no price). */
export function parsePrice(text: string): PriceResult {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, cents: null };
  const match = PRICE_PATTERN.exec(trimmed);
  if (!match) return { ok: false, message: PRICE_INVALID };
  const whole = (match[1] ?? '').replace(/,/g, '').replace(/^0+(?=\d)/, '');
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, message: PRICE_TOO_LARGE };
  return { ok: true, cents: Number(whole || '0') * 100 + Number(fraction) };
}

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** 129999 → '1,299.99', the way the price field expects it back. */
export function formatPriceInput(cents: number | null): string {
  if (cents === null) return '';
  const whole = Math.floor(Math.abs(cents) / 100);
  const rest = Math.abs(cents) % 100;
  return `${GROUPED.format(whole)}.${String(rest).padStart(2, '0')}`;
}

/** The stored file behind a product image path '/api/files/{id}'; null for any other path. */
export function imageFileIdOf(image: string): string | null {
  return FILE_PATH.exec(image)?.[1] ?? null;
}

/**
 * A blank product form. Its currency is the proposal's when it opens on one (decision 0021: a
 * price typed on a euro proposal's shop page is in euros); elsewhere the app's money defaults to
 * dollars (docs/product/constants.md '$0,0.00'). 'Unknown' stays one choice away.
 */
export function emptyProductForm(
  initialUrl = '',
  currency: ProposalCurrency = DEFAULT_CURRENCY,
): ProductFormValues {
  return {
    productName: '',
    productURL: initialUrl.trim(),
    image: null,
    photoURL: '',
    price: '',
    currency,
  };
}

/**
 * The edit modal's starting values: the current image is kept unless the user replaces it. A
 * product kept in the page has its photo in the browser (an object URL, 'blob:…').
 */
export function valuesFromProduct(product: Product): ProductFormValues {
  const imageId = product.image.startsWith('blob:') ? LOCAL_IMAGE_ID : imageFileIdOf(product.image);
  return {
    productName: product.title,
    productURL: product.url,
    image: imageId
      ? {
          id: imageId,
          url: product.image,
          originalName: 'Current photo',
          contentType: 'image/*',
          size: 0,
        }
      : null,
    photoURL: '',
    price: formatPriceInput(product.priceCents),
    currency: product.currency ?? '',
  };
}

const FIELD_OF_KEY: Partial<Record<string, ProductField>> = {
  productName: 'productName',
  productURL: 'productURL',
  photoURL: 'photoURL',
  imageFileId: 'image',
  priceCents: 'price',
  currency: 'currency',
};

const FIELD_ORDER: readonly ProductField[] = [
  'productName',
  'productURL',
  'image',
  'photoURL',
  'price',
  'currency',
];

/**
 * Every problem of the form at once, one per field in the order the fields appear, worded as docs/product/selections.md
 * has it; else the payload. `uploading` is true while a chosen photo is still on its way (it is
 * not the image yet).
 */
export function checkProductForm(
  values: ProductFormValues,
  { uploading = false }: { uploading?: boolean } = {},
): ProductFormCheck {
  const productName = values.productName.trim();
  const productURL = values.productURL.trim();
  const photoURL = values.photoURL.trim();
  const found = new Map<ProductField, string>();
  const add = (field: ProductField, message: string) => {
    if (!found.has(field)) found.set(field, message);
  };
  if (productName === '') add('productName', PRODUCT_NAME_REQUIRED);
  if (!isHttpUrl(productURL)) add('productURL', productUrlAlert());
  if (values.image === null) {
    if (uploading) add('image', PHOTO_UPLOADING);
    else if (photoURL === '') add('image', IMAGE_REQUIRED);
    else if (!isHttpUrl(photoURL)) add('photoURL', photoUrlAlert());
  }
  const price = parsePrice(values.price);
  if (!price.ok) add('price', price.message);

  const data: ManualProductData = {
    productName,
    productURL,
    photoURL: values.image ? '' : photoURL,
    imageFileId: values.image?.id ?? null,
    priceCents: price.ok ? price.cents : null,
    currency: (values.currency || null) satisfies Currency,
  };
  // The shared schema has the last word (lengths, limits), so the server never sees a payload
  // the form believed valid and it refuses. Its messages join those of fields not yet in error.
  const parsed = manualProductDataSchema.safeParse(data);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      add(FIELD_OF_KEY[String(issue.path[0] ?? '')] ?? 'productName', issue.message);
  }
  if (found.size > 0) {
    const problems = FIELD_ORDER.flatMap((field) => {
      const message = found.get(field);
      return message === undefined ? [] : [{ field, message }];
    });
    return { ok: false, problems };
  }
  return { ok: true, data };
}

/**
 * The form's values checked by checkProductForm as a zod schema, for react-hook-form's zod
 * resolver: every problem at once, each on its field's path, and the payload when there is none.
 * `isUploading` is asked at each check (a chosen photo still on its way is not the image yet).
 */
export function productFormSchema(isUploading: () => boolean = () => false) {
  return z.custom<ProductFormValues>().transform((values, ctx) => {
    const check = checkProductForm(values, { uploading: isUploading() });
    if (check.ok) return check.data;
    for (const problem of check.problems) {
      ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
    }
    return z.NEVER;
  });
}

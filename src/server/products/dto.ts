import type { Selectable } from 'kysely';
import type { Product } from '../../shared/schemas/products';
import type { ProductsTable } from '../db/schema';
import { fileUrl } from '../files/urls';
import { safeHref } from '../../shared/domain/products';

export type ProductRow = Selectable<ProductsTable>;

/**
 * A product as any caller sees it. `created_by` only decides `canEdit` for the caller; it is never
 * sent, so nobody learns who clipped a catalogue product.
 */
export function toProductDto(row: ProductRow, callerId: string | null): Product {
  return {
    _id: row.id,
    title: row.title,
    url: safeHref(row.url) ?? '',
    // A stored copy when there is one; seed products name their image path on this site, never
    // another site's (`//host/…`, `/\host/…`).
    image: row.image_file_id
      ? fileUrl(row.image_file_id)
      : /^\/(?![/\\])/.test(row.image_url)
        ? row.image_url
        : '',
    priceCents: row.price_cents === null ? null : Number(row.price_cents),
    currency: row.currency,
    hostname: row.hostname,
    manual: Boolean(row.manual),
    canEdit: callerId !== null && row.created_by === callerId && Boolean(row.manual),
  };
}

/**
 * The columns of a product row, named rather than `select *`: on PostgreSQL the table also holds
 * its search vector, which no reply needs.
 */
export const PRODUCT_COLUMNS = [
  'products.id',
  'products.title',
  'products.url',
  'products.image_url',
  'products.image_file_id',
  'products.price_cents',
  'products.currency',
  'products.hostname',
  'products.keywords',
  'products.manual',
  'products.catalogue',
  'products.created_by',
  'products.created_at',
] as const;

import type { AppContext } from '../context';
import { existingProductIds, insertCatalogueProductsIfAbsent } from './product-repository';
import { SEED_PRODUCTS, type SeedProduct } from './seed/catalogue';

/** Where the app serves a seed product's image (seed-images.ts). */
export const seedImageUrl = (file: string) => `/api/products/images/${file}`;

// 11 values a row: 500 rows stay far below SQLite's 32,766 and PostgreSQL's 65,535 parameters.
const CHUNK = 500;

/**
 * Adds the seed products this database does not have yet, under their fixed ids, to the
 * catalogue. Runs at every start (and every API test builds an app), so an up-to-date database
 * costs one indexed read; ON CONFLICT DO NOTHING lets two instances starting together both
 * succeed. Seed products already present are left as they are.
 */
export async function seedCatalogue(
  ctx: Pick<AppContext, 'db' | 'now'>,
  products: readonly SeedProduct[] = SEED_PRODUCTS,
): Promise<number> {
  if (products.length === 0) return 0;
  const ids = products.map((p) => p.id);
  const present = new Set<string>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    for (const id of await existingProductIds(ctx.db, ids.slice(i, i + CHUNK))) present.add(id);
  }
  const missing = products.filter((p) => !present.has(p.id));
  if (missing.length === 0) return 0;

  const now = ctx.now();
  await ctx.db.transaction().execute(async (trx) => {
    for (let i = 0; i < missing.length; i += CHUNK) {
      await insertCatalogueProductsIfAbsent(
        trx,
        missing.slice(i, i + CHUNK).map((p) => ({
          id: p.id,
          title: p.title,
          url: p.url,
          image_url: seedImageUrl(p.image),
          image_file_id: null,
          price_cents: p.priceCents,
          currency: p.currency,
          hostname: p.hostname,
          keywords: p.category,
          manual: 0 as const,
          catalogue: 1 as const,
          created_by: null,
          created_at: now,
        })),
      );
    }
  });
  return missing.length;
}

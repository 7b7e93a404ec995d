import { randomUUID } from 'node:crypto';
import type { Db } from '../src/server/db/database';
import { SEED_PRODUCTS } from '../src/server/products/seed/catalogue';

/**
 * `count` catalogue products copied from the seed, each with its own title suffix and address,
 * inserted in batches; `createdAt` gives row i the time `createdAt(i)`.
 */
export async function insertCatalogueCopies(
  db: Db,
  count: number,
  createdAt: (i: number) => number,
): Promise<void> {
  for (let start = 0; start < count; start += 1000) {
    await db
      .insertInto('products')
      .values(
        Array.from({ length: Math.min(1000, count - start) }, (_, j) => {
          const i = start + j;
          const seed = SEED_PRODUCTS[i % SEED_PRODUCTS.length]!;
          const id = randomUUID();
          return {
            id,
            title: `${seed.title} (${i})`,
            url: `${seed.url}-${id}`,
            image_url: '',
            image_file_id: null,
            price_cents: seed.priceCents,
            currency: seed.currency,
            hostname: seed.hostname,
            keywords: seed.category,
            manual: 0 as const,
            catalogue: 1 as const,
            created_by: null,
            created_at: createdAt(i),
          };
        }),
      )
      .execute();
  }
}

import { randomUUID } from 'node:crypto';
import type { Insertable } from 'kysely';
import type { ProductsTable } from '../../../src/server/db/schema';
import type { TestApp } from './test-app';

/**
 * A catalogue product written straight into the database, for tests about what is done with
 * products rather than how they get there (products-clip and products-manual cover that).
 * `image_url` may name the new id as `{id}`.
 */
export async function insertProduct(
  t: TestApp,
  values: Partial<Omit<Insertable<ProductsTable>, 'id'>> & { title: string },
): Promise<string> {
  const id = randomUUID();
  await t.app.ctx.db
    .insertInto('products')
    .values({
      url: `https://shop.example.com/p/${id}`,
      image_url: '',
      image_file_id: null,
      price_cents: 1000,
      currency: 'USD',
      hostname: 'shop.example.com',
      manual: 0,
      catalogue: 1,
      created_by: null,
      created_at: Date.now(),
      ...values,
      ...(values.image_url ? { image_url: values.image_url.replace('{id}', id) } : {}),
      id,
    })
    .execute();
  return id;
}

import { SEED_PRODUCTS } from '../src/server/products/seed/catalogue';
import { compactSearchIndex } from '../src/server/products/search-index-repository';
import { seedCatalogue } from '../src/server/products/seed-catalogue';
import { insertCatalogueCopies } from './catalogue-copies';
import { perSecond, timeRequests as time, withBenchApp } from './harness';
import type { Benchmark } from './table';

const REQUESTS = 2000;
const CONCURRENCY = 8;
const EXTRA_PRODUCTS = 20_000;
const SEARCH = '/api/products?limit=8&page=1&searchTerms=kitchen%20fauc';

const timeRequests = (url: string) => time(url, { requests: REQUESTS, concurrency: CONCURRENCY });

/**
 * Catalogue search through the API, at the seed's size and with 20,000 more products (SQLite
 * FTS5, PostgreSQL tsvector and GIN). The index does the matching and at most SEARCH_CANDIDATES
 * matches are ranked, so the time per search should grow far less than the catalogue (a table
 * scan would grow about 60-fold). Also times seeding an empty database.
 */
export const catalogueGrowth: Benchmark = {
  name: 'catalogue-growth',
  title: `catalogue search at ${SEED_PRODUCTS.length + EXTRA_PRODUCTS} products, time`,
  reference: `the same search at the seed's ${SEED_PRODUCTS.length}`,
  // A table scan would take about 60 times as long at this size.
  target: { compare: '<=', ratio: 2 },
  runsOnPostgres: true,
  run: (database) =>
    withBenchApp(async (app) => {
      const { db } = app.ctx;
      await db.deleteFrom('products').execute();
      const seedStart = performance.now();
      await seedCatalogue(app.ctx);
      const seedMs = performance.now() - seedStart;

      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      await timeRequests(address + SEARCH); // warm-up
      const small = await timeRequests(address + SEARCH);

      const now = Date.now();
      await insertCatalogueCopies(db, EXTRA_PRODUCTS, () => now);
      await compactSearchIndex(app.ctx); // as the hourly housekeeping does after a bulk load
      const large = await timeRequests(address + SEARCH);
      const size = SEED_PRODUCTS.length;
      return {
        figure: large,
        reference: small,
        unit: 'ms',
        notes: [
          `seeding ${size} products into an empty database: ${seedMs.toFixed(0)} ms`,
          `${REQUESTS} searches × ${CONCURRENCY} concurrent: ${perSecond(REQUESTS, small)} req/s at ${size}, ${perSecond(REQUESTS, large)} req/s at ${size + EXTRA_PRODUCTS}`,
        ],
      };
    }, database),
};

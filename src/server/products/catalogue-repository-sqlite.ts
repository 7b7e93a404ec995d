import { sql } from 'kysely';
import type { ProposalCurrency } from '../../shared/domain/currency';
import type { RankedSearch } from './catalogue-repository';
import { PRODUCT_COLUMNS } from './product-columns';
import { fts5Match, SEARCH_CANDIDATES } from './search-terms';

/**
 * The FTS5 table (migrations 0002 and 2026-11-25-0002): one row per catalogue product, with the
 * product's currency and id stored beside the indexed text so a window is ranked without a join.
 */
type FtsTables = {
  products_fts: {
    rowid: number;
    title: string;
    keywords: string;
    hostname: string;
    currency: ProposalCurrency | null;
    product_id: string;
  };
  candidates: { product_id: string; title: string; currency: string | null; score: number };
  page: { product_id: string; position: number };
};

// bm25 weights by column: title, keywords (category), hostname.
const BM25 = sql<number>`bm25(products_fts, 10.0, 4.0, 1.0)`;

/** currencyTierSql of catalogue-repository-currency.ts, on the FTS5 table's copy of the column. */
const tier = (wanted: ProposalCurrency) =>
  sql<number>`case when candidates.currency = ${wanted} then 0 when candidates.currency is null then 1 else 2 end`;

/**
 * SQLite: FTS5 MATCH, best bm25 first (bm25 is lower for better matches), among the first
 * SEARCH_CANDIDATES matches in index order (decision 0025). FTS5 walks its index in rowid order
 * and stops there, so only those rows are scored; they are ranked on the FTS5 table's own copy
 * of title, currency and product id, and only the page's products are read from `products`.
 */
export const sqliteCatalogue: RankedSearch = (db, words, query) => {
  const exclude = query.excludeIds ?? [];
  return (
    db
      .withTables<FtsTables>()
      .with('candidates', (qb) =>
        qb
          .selectFrom('products_fts')
          .select([
            'products_fts.product_id',
            'products_fts.title',
            'products_fts.currency',
            BM25.as('score'),
          ])
          .where(sql<boolean>`products_fts match ${fts5Match(words, query.mode)}`)
          .orderBy('products_fts.rowid')
          .limit(SEARCH_CANDIDATES),
      )
      .with('page', (qb) =>
        qb
          .selectFrom('candidates')
          .$if(exclude.length > 0, (qb) => qb.where('candidates.product_id', 'not in', exclude))
          .select([
            'candidates.product_id',
            sql<number>`row_number() over (order by ${sql.join([
              ...(query.currency ? [tier(query.currency)] : []),
              sql`candidates.score`,
              sql`candidates.title`,
              sql`candidates.product_id`,
            ])})`.as('position'),
          ])
          .orderBy('position')
          .limit(query.limit)
          .offset(query.offset),
      )
      .selectFrom('page')
      // CROSS JOIN keeps this order in SQLite: from the page's few rows to their products.
      .crossJoin('products')
      .whereRef('products.id', '=', 'page.product_id')
      .select(PRODUCT_COLUMNS)
      .orderBy('page.position')
      .execute()
  );
};

import { sql } from 'kysely';
import type { RankedSearch } from './catalogue-repository';
import { currencyTierSql } from './catalogue-repository-currency';
import { PRODUCT_COLUMNS } from './product-columns';
import { fts5Match, SEARCH_CANDIDATES } from './search-terms';

/** The FTS5 table of migration 0002 and its keys: one row each per catalogue product. */
type FtsTables = {
  products_fts: { rowid: number; title: string; keywords: string; hostname: string };
  products_fts_keys: { fts_rowid: number; product_id: string };
  candidates: { fts_rowid: number; score: number };
};

// bm25 weights by column: title, keywords (category), hostname.
const BM25 = sql<number>`bm25(products_fts, 10.0, 4.0, 1.0)`;

/**
 * SQLite: FTS5 MATCH, best bm25 first (bm25 is lower for better matches), among the first
 * SEARCH_CANDIDATES matches in index order (decision 0025). FTS5 walks its index in rowid order
 * and stops there, so only those rows are scored and joined, however common the words are.
 */
export const sqliteCatalogue: RankedSearch = (db, words, query) => {
  const exclude = query.excludeIds ?? [];
  return (
    db
      .withTables<FtsTables>()
      .with('candidates', (qb) =>
        qb
          .selectFrom('products_fts')
          .select(['products_fts.rowid as fts_rowid', BM25.as('score')])
          .where(sql<boolean>`products_fts match ${fts5Match(words, query.mode)}`)
          .orderBy('products_fts.rowid')
          .limit(SEARCH_CANDIDATES),
      )
      .selectFrom('candidates')
      // CROSS JOIN keeps this order in SQLite: from the few candidates to their products. Left to
      // choose, the planner walks every catalogue product by title and looks each one up instead.
      .crossJoin('products_fts_keys')
      .crossJoin('products')
      .whereRef('products_fts_keys.fts_rowid', '=', 'candidates.fts_rowid')
      .whereRef('products.id', '=', 'products_fts_keys.product_id')
      .select(PRODUCT_COLUMNS)
      .where('products.catalogue', '=', 1)
      .$if(exclude.length > 0, (qb) => qb.where('products.id', 'not in', exclude))
      .$call((qb) => (query.currency ? qb.orderBy(currencyTierSql(query.currency)) : qb))
      .orderBy('candidates.score')
      .orderBy('products.title')
      .orderBy('products.id')
      .limit(query.limit)
      .offset(query.offset)
      .execute()
  );
};

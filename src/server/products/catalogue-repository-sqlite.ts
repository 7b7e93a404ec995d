import { sql } from 'kysely';
import type { RankedSearch } from './catalogue-repository';
import { currencyTierSql } from './catalogue-repository-currency';
import { PRODUCT_COLUMNS } from './product-columns';
import { fts5Match } from './search-terms';

/** The FTS5 table of migration 0002 and its keys: one row each per catalogue product. */
type FtsTables = {
  products_fts: { rowid: number; title: string; keywords: string; hostname: string };
  products_fts_keys: { fts_rowid: number; product_id: string };
};

// bm25 weights by column: title, keywords (category), hostname.
const BM25 = sql`bm25(products_fts, 10.0, 4.0, 1.0)`;

/** SQLite: FTS5 MATCH, best bm25 first (bm25 is lower for better matches). */
export const sqliteCatalogue: RankedSearch = (db, words, query) => {
  const exclude = query.excludeIds ?? [];
  return db
    .withTables<FtsTables>()
    .selectFrom('products_fts')
    .innerJoin('products_fts_keys', 'products_fts_keys.fts_rowid', 'products_fts.rowid')
    .innerJoin('products', 'products.id', 'products_fts_keys.product_id')
    .select(PRODUCT_COLUMNS)
    .where(sql<boolean>`products_fts match ${fts5Match(words, query.mode)}`)
    .where('products.catalogue', '=', 1)
    .$if(exclude.length > 0, (qb) => qb.where('products.id', 'not in', exclude))
    .$call((qb) => (query.currency ? qb.orderBy(currencyTierSql(query.currency)) : qb))
    .orderBy(BM25)
    .orderBy('products.title')
    .orderBy('products.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
};

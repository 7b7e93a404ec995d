import { sql } from 'kysely';
import type { RankedSearch } from './catalogue-repository';
import { currencyTierSql } from './catalogue-repository-currency';
import { PRODUCT_COLUMNS } from './product-columns';
import { SEARCH_CANDIDATES, tsQuery } from './search-terms';

/**
 * PostgreSQL: the generated `search` vector of migration 0002 (GIN), best ts_rank first, among
 * the first SEARCH_CANDIDATES matches the index yields (decision 0025): the bitmap scan stops
 * reading rows there, so only those are ranked however common the words are. The window holds
 * the rows' columns as the scan read them: joining it back to `products` by id would look each
 * of its rows up again in the primary key.
 */
export const postgresCatalogue: RankedSearch = (db, words, query) => {
  const exclude = query.excludeIds ?? [];
  const tsquery = sql`to_tsquery('simple', ${tsQuery(words, query.mode)})`;
  return db
    .selectFrom((qb) =>
      qb
        .selectFrom('products')
        .select([...PRODUCT_COLUMNS, sql<number>`ts_rank(products.search, ${tsquery})`.as('score')])
        .where('products.catalogue', '=', 1)
        .where(sql<boolean>`products.search @@ ${tsquery}`)
        .limit(SEARCH_CANDIDATES)
        .as('products'),
    )
    .select(PRODUCT_COLUMNS)
    .$if(exclude.length > 0, (qb) => qb.where('products.id', 'not in', exclude))
    .$call((qb) => (query.currency ? qb.orderBy(currencyTierSql(query.currency)) : qb))
    .orderBy('products.score', 'desc')
    .orderBy('products.title')
    .orderBy('products.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
};

import { sql } from 'kysely';
import type { RankedSearch } from './catalogue-repository';
import { currencyTierSql } from './catalogue-repository-currency';
import { PRODUCT_COLUMNS } from './product-columns';
import { tsQuery } from './search-terms';

/** PostgreSQL: the generated `search` vector of migration 0002 (GIN), best ts_rank first. */
export const postgresCatalogue: RankedSearch = (db, words, query) => {
  const exclude = query.excludeIds ?? [];
  const tsquery = sql`to_tsquery('simple', ${tsQuery(words, query.mode)})`;
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('products.catalogue', '=', 1)
    .where(sql<boolean>`products.search @@ ${tsquery}`)
    .$if(exclude.length > 0, (qb) => qb.where('products.id', 'not in', exclude))
    .$call((qb) => (query.currency ? qb.orderBy(currencyTierSql(query.currency)) : qb))
    .orderBy(sql`ts_rank(products.search, ${tsquery})`, 'desc')
    .orderBy('products.title')
    .orderBy('products.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
};

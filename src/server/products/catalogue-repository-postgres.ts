import { sql } from 'kysely';
import type { RankedSearch } from './catalogue-repository';
import { currencyTierSql } from './catalogue-repository-currency';
import { PRODUCT_COLUMNS } from './product-columns';
import { SEARCH_CANDIDATES, tsQuery } from './search-terms';

type CandidateTables = { candidates: { id: string; score: number } };

/**
 * PostgreSQL: the generated `search` vector of migration 0002 (GIN), best ts_rank first, among
 * the first SEARCH_CANDIDATES matches the index yields (decision 0025): the bitmap scan stops
 * reading rows there, so only those are ranked however common the words are.
 */
export const postgresCatalogue: RankedSearch = (db, words, query) => {
  const exclude = query.excludeIds ?? [];
  const tsquery = sql`to_tsquery('simple', ${tsQuery(words, query.mode)})`;
  return db
    .withTables<CandidateTables>()
    .with('candidates', (qb) =>
      qb
        .selectFrom('products')
        .select(['products.id', sql<number>`ts_rank(products.search, ${tsquery})`.as('score')])
        .where('products.catalogue', '=', 1)
        .where(sql<boolean>`products.search @@ ${tsquery}`)
        .limit(SEARCH_CANDIDATES),
    )
    .selectFrom('candidates')
    .innerJoin('products', 'products.id', 'candidates.id')
    .select(PRODUCT_COLUMNS)
    .$if(exclude.length > 0, (qb) => qb.where('products.id', 'not in', exclude))
    .$call((qb) => (query.currency ? qb.orderBy(currencyTierSql(query.currency)) : qb))
    .orderBy('candidates.score', 'desc')
    .orderBy('products.title')
    .orderBy('products.id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
};

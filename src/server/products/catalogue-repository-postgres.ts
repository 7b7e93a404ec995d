import { sql } from 'kysely';
import type { ProposalCurrency } from '../../shared/domain/currency';
import type { Db } from '../db/database';
import type { RankedSearch } from './catalogue-repository';
import { excludedSlot, runKeptSearch, type SearchShape, SLOT } from './kept-search';
import { currencyTierSql } from './catalogue-repository-currency';
import { PRODUCT_COLUMNS } from './product-columns';
import { SEARCH_CANDIDATES, tsQuery } from './search-terms';

/**
 * PostgreSQL: the generated `search` vector of migration 0002 (GIN), best ts_rank first, among
 * the first SEARCH_CANDIDATES matches the index yields (decision 0025): the bitmap scan stops
 * reading rows there, so only those are ranked however common the words are. The window holds
 * the rows' columns as the scan read them: joining it back to `products` by id would look each
 * of its rows up again in the primary key. Compiled once per shape and planned for each call's
 * words (kept-search.ts).
 */
export const postgresCatalogue: RankedSearch = (db, words, query) =>
  runKeptSearch(db, (shape) => postgresSearch(db, shape), {
    match: tsQuery(words, query.mode),
    currency: query.currency,
    limit: query.limit,
    offset: query.offset,
    excluded: query.excludeIds ?? [],
  });

function postgresSearch(db: Db, shape: SearchShape) {
  const excluded = Array.from({ length: shape.excluded }, (_, i) => excludedSlot(i));
  const tsquery = sql`to_tsquery('simple', ${SLOT.match})`;
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
    .$if(excluded.length > 0, (qb) => qb.where('products.id', 'not in', excluded))
    .$call((qb) =>
      shape.currency ? qb.orderBy(currencyTierSql(SLOT.currency as ProposalCurrency)) : qb,
    )
    .orderBy('products.score', 'desc')
    .orderBy('products.title')
    .orderBy('products.id')
    .limit(sql<number>`${SLOT.limit}`)
    .offset(sql<number>`${SLOT.offset}`)
    .compile();
}

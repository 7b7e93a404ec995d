import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { RankedSearch } from './catalogue-repository';
import type { ProductRow } from './dto';
import { excludedSlot, runKeptSearch, type SearchShape, SLOT } from './kept-search';
import { PRODUCT_COLUMNS } from './product-columns';
import { fts5Match, SEARCH_CANDIDATES } from './search-terms';

// bm25 weights by column: title, keywords (category), hostname.
const BM25 = sql<number>`bm25(products_fts, 10.0, 4.0, 1.0)`;

/** currencyTierSql of catalogue-repository-currency.ts, on the FTS5 table's copy of the column. */
const TIER = sql<number>`case when currency = ${SLOT.currency} then 0
  when currency is null then 1 else 2 end`;

const COLUMNS = sql.join(PRODUCT_COLUMNS.map((column) => sql.ref(column)));

/**
 * SQLite: FTS5 MATCH, best bm25 first (bm25 is lower for better matches), among the first
 * SEARCH_CANDIDATES matches in index order (decision 0025). FTS5 walks its index in rowid order
 * and stops there, so only those rows are scored. Compiled once per shape and run as a prepared
 * statement (kept-search.ts).
 *
 * The ranking is currency tier (when one is wanted), bm25, title, product id. Tier and bm25 come
 * first, so the rows that can be on the page are those ranked no lower on tier and bm25 than the
 * page's last row: `last_row` finds that row's tier and bm25 in the window, and only the rows up
 * to it (a page's worth, more on ties) have their title and product id read from the FTS5
 * table's stored copy and are ordered on all four (decision 0046). Reading those columns for all
 * 200 rows was a lookup per row and a third of the statement. The page is taken by ORDER BY with
 * LIMIT, which SQLite sorts keeping only the page's rows, and its 8 rows ordered again at the end:
 * numbering the rows with a window function sorted all of them twice (decision 0054). Left-out products (an item's
 * current options) are dropped from the window first, through the rowid the FTS5 table gave
 * them. Then only the page's products are read from `products`; CROSS JOIN keeps each join in
 * the written order.
 */
export const sqliteCatalogue: RankedSearch = (db, words, query) =>
  runKeptSearch(db, (shape) => sqliteSearch(db, shape), {
    match: fts5Match(words, query.mode),
    currency: query.currency,
    limit: query.limit,
    offset: query.offset,
    excluded: query.excludeIds ?? [],
  });

function sqliteSearch(db: Db, shape: SearchShape) {
  const excluded = Array.from({ length: shape.excluded }, (_, i) => excludedSlot(i));
  return sql<ProductRow>`
    with matches as materialized (
      select rowid as fts_rowid, ${BM25} as score, ${shape.currency ? TIER : sql`0`} as tier
      from products_fts where products_fts match ${SLOT.match}
      order by rowid limit ${sql.lit(SEARCH_CANDIDATES)}
    ),
    kept as (
      select fts_rowid, score, tier from matches
      ${
        excluded.length > 0
          ? sql`where fts_rowid not in (
              select fts_rowid from products_fts_keys where product_id in (${sql.join(excluded)}))`
          : sql``
      }
    ),
    last_row as (select tier, score from kept order by tier, score limit 1 offset ${SLOT.last}),
    page as (
      select kept.tier, kept.score, products_fts.title, products_fts.product_id
      from kept cross join products_fts
      where products_fts.rowid = kept.fts_rowid
        and (not exists (select 1 from last_row)
          or (kept.tier, kept.score) <= (select tier, score from last_row))
      order by kept.tier, kept.score, products_fts.title, products_fts.product_id
      limit ${SLOT.limit} offset ${SLOT.offset}
    )
    select ${COLUMNS} from page cross join products
    where products.id = page.product_id
    order by page.tier, page.score, page.title, page.product_id`.compile(db);
}

import type { ProposalCurrency } from '../../shared/domain/currency';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { ProductRow } from './dto';
import { currencyTierSql } from './catalogue-repository-currency';
import { postgresCatalogue } from './catalogue-repository-postgres';
import { sqliteCatalogue } from './catalogue-repository-sqlite';
import { PRODUCT_COLUMNS } from './product-columns';
import { searchWords, type MatchMode } from './search-terms';

export interface CatalogueSearch {
  /** What the visitor typed; anything that is not a letter or digit only separates words. */
  terms: string;
  limit: number;
  offset: number;
  /** Products to leave out (an item's current options). */
  excludeIds?: readonly string[];
  /** 'all': every word must match (the catalogue page); 'any': suggestions for an item name. */
  mode: MatchMode;
  /** Products in this currency rank first, then those with none, then the rest (decision 0021). */
  currency?: ProposalCurrency | undefined;
}

/** Full-text search over the browsable catalogue; the engine's own index does the matching. */
export interface CatalogueRepository {
  /**
   * Catalogue products ranked best first, every word matched as a prefix. No words at all:
   * the whole catalogue by title, then id, so pages never overlap.
   */
  search(query: CatalogueSearch): Promise<ProductRow[]>;
}

/** One engine's ranked match, given words that are already safe (letters and digits). */
export type RankedSearch = (
  db: Db,
  words: readonly string[],
  query: CatalogueSearch,
) => Promise<ProductRow[]>;

function browse(db: Db, query: CatalogueSearch): Promise<ProductRow[]> {
  const exclude = query.excludeIds ?? [];
  return db
    .selectFrom('products')
    .select(PRODUCT_COLUMNS)
    .where('catalogue', '=', 1)
    .$if(exclude.length > 0, (qb) => qb.where('id', 'not in', exclude))
    .$call((qb) => (query.currency ? qb.orderBy(currencyTierSql(query.currency)) : qb))
    .orderBy('title')
    .orderBy('id')
    .limit(query.limit)
    .offset(query.offset)
    .execute();
}

export function catalogueRepository(ctx: Pick<AppContext, 'db' | 'dialect'>): CatalogueRepository {
  const ranked = ctx.dialect === 'postgres' ? postgresCatalogue : sqliteCatalogue;
  return {
    search: (query) => {
      const words = searchWords(query.terms, query.mode);
      return words.length === 0 ? browse(ctx.db, query) : ranked(ctx.db, words, query);
    },
  };
}

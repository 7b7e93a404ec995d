import { type Kysely, PostgresAdapter } from 'kysely';
import { STORED, createIndex, dropIndex } from './2026-11-25-0002-catalogue-search-order';

// Migrations see the database untyped: they describe what the tables were at that time.
type AnyDb = Kysely<unknown>;

const isPostgres = (db: AnyDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Every prefix of 1 to 12 letters, each an index entry of its own in FTS5 (decision 0053).
 * Every search word is a prefix ("fauc"*): without these, FTS5 merges the lists of every word
 * that starts with it, for the match and again for bm25's count of matching rows, so 'wit'
 * (with, within, …) or 'light' (light, lights, lighting) cost several times a rarer word, and a
 * single letter tens of milliseconds at 100,000 products. Longer words have few words that
 * start with them; their merge is cheap.
 */
export const SEARCH_PREFIXES = '1 2 3 4 5 6 7 8 9 10 11 12';

/*
 * Issue 12 (decision 0053): SQLite's FTS5 table is built again with prefix indexes. The same
 * rows match and bm25 counts the same, so searches find the same products in the same order.
 * PostgreSQL's GIN index reads a prefix from its sorted entries: nothing to do there.
 */
export async function up(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, STORED, SEARCH_PREFIXES);
}

export async function down(db: AnyDb): Promise<void> {
  if (isPostgres(db)) return;
  await dropIndex(db);
  await createIndex(db, STORED);
}

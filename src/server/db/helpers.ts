import type { DeleteResult, Transaction, UpdateResult } from 'kysely';
import type { Db } from './database';
import type { DatabaseSchema } from './schema';

/**
 * What a repository function runs its queries on: the database, or a transaction a service opened
 * and passes in so several repository calls commit together.
 */
export type Executor = Db | Transaction<DatabaseSchema>;

/**
 * A unique-index (or primary-key) violation on either engine: another request wrote the same
 * thing first. PostgreSQL says 23505; better-sqlite3 says SQLITE_CONSTRAINT_UNIQUE or, for a
 * primary key, SQLITE_CONSTRAINT_PRIMARYKEY.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
  );
}

/** How many rows an update or delete changed, as a number on both engines. */
export function changedRows(result: UpdateResult | DeleteResult): number {
  return Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows);
}

/**
 * Exactly one row changed: a conditional update or delete found its row (and the condition held).
 * The one way to say so; zero means "not found or the condition failed".
 */
export function changedOneRow(result: UpdateResult | DeleteResult): boolean {
  return changedRows(result) === 1;
}

/** A transaction, for repository functions that only make sense inside one (row locks). */
export type Trx = Transaction<DatabaseSchema>;

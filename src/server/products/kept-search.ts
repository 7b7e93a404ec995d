import type { CompiledQuery } from 'kysely';
import { readKept, type Db } from '../db/database';
import type { ProductRow } from './dto';

/** Stand-ins compiled into a kept search, replaced by each request's values. */
export const SLOT = {
  match: '\u0000match',
  currency: '\u0000currency',
  limit: '\u0000limit',
  offset: '\u0000offset',
  /** The position in the ranking of the page's last row, from 0: offset + limit - 1. */
  last: '\u0000last',
} as const;
export const excludedSlot = (i: number) => `\u0000excluded${i}`;

/** What changes a search's SQL text: a wanted currency or not, how many products left out. */
export interface SearchShape {
  currency: boolean;
  excluded: number;
}

export interface SearchValues {
  match: string;
  currency: string | undefined;
  limit: number;
  offset: number;
  excluded: readonly string[];
}

const compiledSearches = new WeakMap<Db, Map<string, CompiledQuery<ProductRow>>>();

/**
 * Runs a ranked catalogue search compiled once per database and shape (at most 2 × 201: the
 * suggestions leave out up to 200 options), outside Kysely's connection handling
 * (`directRead`): building and compiling the query cost about a third of the statement itself on
 * SQLite (decision 0046). On PostgreSQL it is planned for each call's words, as before: a
 * common word is read by a sequential scan, a rare one through the index.
 */
export async function runKeptSearch(
  db: Db,
  build: (shape: SearchShape) => CompiledQuery<ProductRow>,
  values: SearchValues,
): Promise<ProductRow[]> {
  const shape = { currency: values.currency !== undefined, excluded: values.excluded.length };
  let byShape = compiledSearches.get(db);
  if (!byShape) {
    byShape = new Map();
    compiledSearches.set(db, byShape);
  }
  const key = `${shape.currency}:${shape.excluded}`;
  let compiled = byShape.get(key);
  if (!compiled) {
    compiled = build(shape);
    byShape.set(key, compiled);
  }
  const given = new Map<unknown, unknown>([
    [SLOT.match, values.match],
    [SLOT.currency, values.currency],
    [SLOT.limit, values.limit],
    [SLOT.offset, values.offset],
    [SLOT.last, values.offset + values.limit - 1],
    ...values.excluded.map((id, i) => [excludedSlot(i), id] as const),
  ]);
  const parameters = compiled.parameters.map((p) => (given.has(p) ? given.get(p) : p));
  return readKept<ProductRow>(db, compiled, parameters, { planPerCall: true });
}

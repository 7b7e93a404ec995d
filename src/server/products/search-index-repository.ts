import { sql } from 'kysely';
import type { AppContext } from '../context';

/** Pages of merged index written per step: a few milliseconds, so requests are served between. */
const MERGE_PAGES = 200;
const MAX_STEPS = 10_000;

/**
 * Brings the catalogue's search index back to its compact shape after products were added
 * (decision 0025). SQLite: FTS5 writes a new segment per transaction and a search reads every
 * segment, so the segments are merged into one, a bounded step at a time with the event loop
 * free between steps ('merge' with a negative page count works towards one segment as
 * 'optimize' does). PostgreSQL: GIN's pending list, which every search reads in full, is moved
 * into the index, and the table's statistics are refreshed (what autovacuum would do later).
 */
export async function compactSearchIndex(ctx: Pick<AppContext, 'db' | 'dialect'>): Promise<void> {
  const { db } = ctx;
  if (ctx.dialect === 'postgres') {
    await sql`select gin_clean_pending_list('products_search_idx'::regclass)`.execute(db);
    await sql`analyze products`.execute(db);
    return;
  }
  const changes = async () =>
    (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]?.n ?? 0;
  for (let step = 0; step < MAX_STEPS; step++) {
    const before = await changes();
    await sql`insert into products_fts (products_fts, rank) values ('merge', ${-MERGE_PAGES})`.execute(
      db,
    );
    // FTS5's documented signal: a step that merged nothing moves the change count by less than 2.
    if ((await changes()) - before < 2) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

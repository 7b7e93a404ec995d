import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchSqlite, type ScratchSqlite } from '../../../tests/support/scratch-sqlite';
import { type Database, openDatabase, SQLITE_MMAP_BYTES } from './database';

describe('SQLite read through a memory map (decision 0065)', () => {
  let scratch: ScratchSqlite;
  let first: Database;
  let second: Database;

  beforeEach(async () => {
    scratch = await openScratchSqlite('mmap');
    first = scratch.database;
    second = openDatabase({ dataDir: scratch.dir, databaseUrl: undefined });
  });
  afterEach(async () => {
    await second.close();
    await scratch.remove();
  });

  it('maps the file on every connection it opens', async () => {
    for (const { db } of [first, second]) {
      const { rows } = await sql<{ mmap_size: number }>`pragma mmap_size`.execute(db);
      expect(rows[0]?.mmap_size).toBe(SQLITE_MMAP_BYTES);
    }
  });

  it("sees another connection's commits, checkpointed into the mapped file or not", async () => {
    const title = (n: number) => `Mapped faucet ${n}`;
    const insert = (n: number) =>
      first.db
        .insertInto('products')
        .values({
          id: `mapped-${n}`,
          title: title(n),
          url: `https://example.com/${n}`,
          image_url: '',
          image_file_id: null,
          price_cents: 100 * n,
          currency: 'USD',
          hostname: 'example.com',
          manual: 0,
          catalogue: 1,
          created_by: null,
          created_at: n,
        })
        .execute();
    const titles = async () =>
      (
        await second.db
          .selectFrom('products')
          .select('title')
          .where('id', 'like', 'mapped-%')
          .orderBy('created_at')
          .execute()
      ).map((r) => r.title);

    await insert(1);
    expect(await titles()).toEqual([title(1)]);
    await sql`pragma wal_checkpoint(truncate)`.execute(first.db);
    await insert(2);
    expect(await titles()).toEqual([title(1), title(2)]);
  });
});

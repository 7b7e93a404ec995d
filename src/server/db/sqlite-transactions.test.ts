import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Migrator, sql, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchSqlite, type ScratchSqlite } from '../../../tests/support/scratch-sqlite';
import { migrateToLatest } from './database';
import { migrations } from './migrations/index';

/*
 * The app's SQLite transactions (database.ts SqliteTransactionsDialect): each holds the write
 * lock from its start, so another process on the file waits instead of failing half-way; and a
 * migration commits whole or not at all.
 */
describe('SQLite transactions and migrations', () => {
  let scratch: ScratchSqlite;

  beforeEach(async () => {
    scratch = await openScratchSqlite('transactions');
  });
  afterEach(() => scratch.remove());

  /** Another process's connection to the same file, which does not wait for a lock. */
  const otherConnection = () => {
    const other = new SQLite(path.join(scratch.dir, 'plansmith.sqlite'));
    other.pragma('busy_timeout = 0');
    return other;
  };

  it('a transaction holds the write lock from its first statement, a read', async () => {
    const other = otherConnection();
    try {
      const write = () =>
        other
          .prepare(
            'insert into error_reports (id, source, message, created_at) values (?, ?, ?, ?)',
          )
          .run('r1', 'test', 'x', 1);
      await scratch.database.db.transaction().execute(async (trx) => {
        await trx.selectFrom('users').select('id').execute();
        // What another process meets meanwhile: the lock is held, not only a snapshot.
        expect(write).toThrow(/database is locked/);
      });
      // Once it has ended, the other process writes.
      expect(write().changes).toBe(1);
    } finally {
      other.close();
    }
  });

  it('a migration that fails half-way leaves nothing of itself, and runs whole once mended', async () => {
    const db = scratch.database.db as unknown as Kysely<unknown>;
    let mended = false;
    const migrator = new Migrator({
      db,
      provider: {
        getMigrations: () =>
          Promise.resolve({
            ...migrations,
            '2099-01-01-0001-half-way': {
              up: async (trx: Kysely<unknown>) => {
                await trx.schema.createTable('half_way').addColumn('id', 'text').execute();
                await trx.schema.alterTable('users').addColumn('half_way_note', 'text').execute();
                if (!mended) throw new Error('the process died here');
                await trx.schema.createIndex('half_way_idx').on('half_way').column('id').execute();
              },
            },
          }),
      },
    });
    const failed = await migrator.migrateToLatest();
    expect(failed.error).toBeInstanceOf(Error);
    const tables = async () =>
      (
        await sql<{
          name: string;
        }>`select name from sqlite_master where name like 'half_way%'`.execute(db)
      ).rows.map((row) => row.name);
    expect(await tables()).toEqual([]);
    const columns = await sql<{ name: string }>`pragma table_info(users)`.execute(db);
    expect(columns.rows.map((c) => c.name)).not.toContain('half_way_note');

    mended = true;
    const again = await migrator.migrateToLatest();
    expect(again.error).toBeUndefined();
    expect((await tables()).sort()).toEqual(['half_way', 'half_way_idx']);
  });

  it('after migrating, waits for another process as long as a request does', async () => {
    const { db } = scratch.database;
    const timeout = async () =>
      (await sql<{ timeout: number }>`pragma busy_timeout`.execute(db)).rows[0]?.timeout;
    await migrateToLatest(db);
    expect(await timeout()).toBe(5_000);
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Database, migrateToLatest, openDatabase } from './database';
import { countRequests } from '../http/request-count-repository';

describe('countRequests on SQLite (decision 0041)', () => {
  let dir: string;
  let database: Database;

  beforeEach(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-counts-'));
    database = openDatabase({ dataDir: dir, databaseUrl: undefined });
    await migrateToLatest(database.db);
  });
  afterEach(async () => {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('adds up requests in their window and starts again once it has ended', async () => {
    const { db } = database;
    expect(await countRequests(db, 'k', 1, 1_000, 60_000)).toEqual({
      hits: 1,
      windowEndsAt: 61_000,
    });
    expect(await countRequests(db, 'k', 3, 2_000, 60_000)).toEqual({
      hits: 4,
      windowEndsAt: 61_000,
    });
    expect(await countRequests(db, 'k', 2, 61_000, 60_000)).toEqual({
      hits: 2,
      windowEndsAt: 121_000,
    });
  });

  it('leaves every other write of the connection synced to disk', async () => {
    const { db } = database;
    await countRequests(db, 'k', 1, 1_000, 60_000);
    // FULL is 2: the connection is back to waiting for the disk on each commit.
    const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(rows[0]?.synchronous).toBe(2);
  });

  it('counts inside a transaction through the transaction, committed with it', async () => {
    const { db } = database;
    await countRequests(db, 'k', 1, 1_000, 60_000);
    await db
      .transaction()
      .execute(async (trx) => {
        expect(await countRequests(trx, 'k', 1, 2_000, 60_000)).toEqual({
          hits: 2,
          windowEndsAt: 61_000,
        });
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    // The count made inside the rolled-back transaction went with it.
    expect((await countRequests(db, 'k', 1, 3_000, 60_000)).hits).toBe(2);
  });

  it('waits for a transaction open on the connection rather than writing into it', async () => {
    const { db } = database;
    await countRequests(db, 'k', 1, 1_000, 60_000);
    let outside: Promise<{ hits: number }> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await countRequests(trx, 'k', 5, 2_000, 60_000);
        // Asked outside the transaction while it is open: not part of it, so not rolled back.
        outside = countRequests(db, 'k', 1, 2_000, 60_000);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect((await outside)?.hits).toBe(2);
    expect((await countRequests(db, 'k', 1, 3_000, 60_000)).hits).toBe(3);
  });
});

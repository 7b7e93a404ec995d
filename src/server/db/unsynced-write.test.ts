import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchSqlite, type ScratchSqlite } from '../../../tests/support/scratch-sqlite';
import type { Database } from './database';
import { insertAnalyticsEvents } from '../analytics/repository';
import { countRequests } from '../http/request-count-repository';

describe('countRequests on SQLite (decision 0041)', () => {
  let scratch: ScratchSqlite;
  let database: Database;

  beforeEach(async () => {
    scratch = await openScratchSqlite('counts');
    database = scratch.database;
  });
  afterEach(() => scratch.remove());

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

describe('analytics events on SQLite (decision 0047)', () => {
  let scratch: ScratchSqlite;
  let database: Database;

  beforeEach(async () => {
    scratch = await openScratchSqlite('events');
    database = scratch.database;
  });
  afterEach(() => scratch.remove());

  const event = (name: string, at: number) => ({
    id: `${name}-${at}`,
    name,
    user_id: null,
    properties: '{}',
    created_at: at,
  });

  it('writes a batch of events, and every other write stays synced to disk', async () => {
    const { db } = database;
    await insertAnalyticsEvents(db, [event('product_clipped', 1), event('product_clipped', 2)]);
    await insertAnalyticsEvents(db, [event('proposal_sent', 3)]);
    const rows = await db.selectFrom('analytics_events').select(['name', 'created_at']).execute();
    expect(rows).toEqual([
      { name: 'product_clipped', created_at: 1 },
      { name: 'product_clipped', created_at: 2 },
      { name: 'proposal_sent', created_at: 3 },
    ]);
    const { rows: sync } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
    expect(sync[0]?.synchronous).toBe(2);
  });

  it('writes inside a transaction through the transaction, rolled back with it', async () => {
    const { db } = database;
    await db
      .transaction()
      .execute(async (trx) => {
        await insertAnalyticsEvents(trx, [event('product_clipped', 1)]);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    expect(await db.selectFrom('analytics_events').select('id').execute()).toEqual([]);
  });
});

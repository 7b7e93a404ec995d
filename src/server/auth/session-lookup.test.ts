import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openScratchSqlite, type ScratchSqlite } from '../../../tests/support/scratch-sqlite';
import type { Database } from '../db/database';
import {
  deleteSession,
  findSessionUser,
  insertSession,
  insertUser,
  newUserRow,
} from './repository';

const NOW = 1_700_000_000_000;
const session = (idHash: string, userId: string) => ({
  id_hash: idHash,
  user_id: userId,
  created_at: NOW,
  expires_at: NOW + 60_000,
  last_seen_at: NOW,
});

describe('findSessionUser on SQLite (read straight on better-sqlite3, decision 0039)', () => {
  let scratch: ScratchSqlite;
  let database: Database;
  let userId: string;

  beforeEach(async () => {
    scratch = await openScratchSqlite('session');
    database = scratch.database;
    const user = newUserRow({
      email: 'ann@example.com',
      name: 'Ann',
      role: 'contractor',
      createdAt: NOW,
    });
    await insertUser(database.db, user);
    userId = user.id;
  });

  afterEach(() => scratch.remove());

  it('finds a live session and not an expired or unknown one', async () => {
    await insertSession(database.db, session('live', userId));
    expect((await findSessionUser(database.db, 'live', NOW))?.user.id).toBe(userId);
    expect(await findSessionUser(database.db, 'live', NOW + 60_000)).toBeUndefined();
    expect(await findSessionUser(database.db, 'unknown', NOW)).toBeUndefined();
  });

  it('never sees a session a transaction has written but not committed', async () => {
    let during: ReturnType<typeof findSessionUser> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await insertSession(trx, session('uncommitted', userId));
        // Asked while the transaction is open on the one connection: it must wait for it.
        during = findSessionUser(database.db, 'uncommitted', NOW);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await during).toBeUndefined();
  });

  it('sees a session once its transaction has committed', async () => {
    let during: ReturnType<typeof findSessionUser> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await insertSession(trx, session('committed', userId));
      during = findSessionUser(database.db, 'committed', NOW);
    });
    expect((await during)?.user.id).toBe(userId);
  });

  it('still sees a session whose deletion is rolled back', async () => {
    await insertSession(database.db, session('kept', userId));
    let during: ReturnType<typeof findSessionUser> | undefined;
    await expect(
      database.db.transaction().execute(async (trx) => {
        await deleteSession(trx, 'kept');
        during = findSessionUser(database.db, 'kept', NOW);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await during)?.user.id).toBe(userId);
  });
});

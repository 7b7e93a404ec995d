import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deleteSession,
  findSessionUser,
  findUserById,
  insertSession,
} from '../../src/server/auth/repository';
import { hashSecret, newSecret } from '../../src/server/auth/tokens';
import { directReadCount } from '../../src/server/db/database';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

/*
 * The session lookup of every signed-in request runs outside Kysely, as a statement prepared once
 * (better-sqlite3 on SQLite, a named statement on the PostgreSQL pool; decisions 0039 and 0042).
 * It answers as the Kysely query did, and never shows a transaction's uncommitted writes.
 */
describe('the session lookup on a prepared statement', () => {
  let t: TestApp;
  let ann: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { requestsPerMinute: 100_000 } });
    ann = await signedInUser(t, 'ann.session@example.com', 'contractor', { reassign: true });
  });
  afterAll(() => t.close());

  const me = async (cookie: string) => {
    const res = await request(t.baseUrl, 'GET', '/api/authorization/me', { cookie });
    expect(res.status).toBe(200);
    return (res.body as { user: { email: string } | null }).user;
  };

  /** A session of Ann's straight in the database, as sign-in writes one. */
  const addSession = async (expiresAt: number) => {
    const secret = newSecret();
    const now = Date.now();
    await insertSession(t.app.ctx.db, {
      id_hash: hashSecret(secret),
      user_id: ann.id,
      created_at: now,
      expires_at: expiresAt,
      last_seen_at: now,
    });
    return { secret, hash: hashSecret(secret), cookie: `plansmith_session=${secret}` };
  };

  it('a valid session: the user row whole, as Kysely reads it, on the prepared path', async () => {
    const { db } = t.app.ctx;
    const before = directReadCount(db);
    expect((await me(ann.cookie))?.email).toBe('ann.session@example.com');
    expect(directReadCount(db)).toBe(before + 1);
    const session = await addSession(Date.now() + 60_000);
    const found = await findSessionUser(db, session.hash, Date.now());
    expect(found?.user).toEqual(await findUserById(db, ann.id));
    expect(found?.user.reassign).toBe('granted');
  });

  it('expired, revoked and unknown sessions are refused', async () => {
    const expired = await addSession(Date.now() - 1);
    expect(await me(expired.cookie)).toBeNull();
    const revoked = await addSession(Date.now() + 60_000);
    expect((await me(revoked.cookie))?.email).toBe(ann.email);
    await deleteSession(t.app.ctx.db, revoked.hash);
    expect(await me(revoked.cookie)).toBeNull();
    const signedOut = await addSession(Date.now() + 60_000);
    await request(t.baseUrl, 'POST', '/api/authorization/logout/', { cookie: signedOut.cookie });
    expect(await me(signedOut.cookie)).toBeNull();
    expect(await me(`plansmith_session=${newSecret()}`)).toBeNull();
  });

  it("never shows another transaction's uncommitted writes; a transaction sees its own", async () => {
    const { db } = t.app.ctx;
    const now = Date.now();
    // A session inserted, then rolled back: never found, whether the lookup waits (SQLite's one
    // connection) or not (a PostgreSQL pool connection of its own).
    const rolledBack = newSecret();
    let during: ReturnType<typeof findSessionUser> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await insertSession(trx, {
          id_hash: hashSecret(rolledBack),
          user_id: ann.id,
          created_at: now,
          expires_at: now + 60_000,
          last_seen_at: now,
        });
        // Its own executor reads its own write (the Kysely path, on its connection).
        expect((await findSessionUser(trx, hashSecret(rolledBack), now))?.user.id).toBe(ann.id);
        during = findSessionUser(db, hashSecret(rolledBack), now);
        throw new Error('roll back');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== 'roll back') throw err;
      });
    expect(await during).toBeUndefined();
    expect(await me(`plansmith_session=${rolledBack}`)).toBeNull();

    // A session deleted, then rolled back: still found.
    const kept = await addSession(now + 60_000);
    let duringDelete: ReturnType<typeof findSessionUser> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await deleteSession(trx, kept.hash);
        expect(await findSessionUser(trx, kept.hash, now)).toBeUndefined();
        duringDelete = findSessionUser(db, kept.hash, now);
        throw new Error('roll back');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== 'roll back') throw err;
      });
    expect((await duringDelete)?.user.id).toBe(ann.id);

    // A session inserted and committed. SQLite's lookup asked for during the transaction waits
    // for it and finds the session; PostgreSQL's runs at once on another connection and sees
    // only what was committed then (nothing). After the commit both find it.
    const committed = newSecret();
    let duringCommit: ReturnType<typeof findSessionUser> | undefined;
    await db.transaction().execute(async (trx) => {
      await insertSession(trx, {
        id_hash: hashSecret(committed),
        user_id: ann.id,
        created_at: now,
        expires_at: now + 60_000,
        last_seen_at: now,
      });
      duringCommit = findSessionUser(db, hashSecret(committed), now);
      if (t.dbLabel === 'postgres') expect(await duringCommit).toBeUndefined();
    });
    expect((await duringCommit)?.user.id).toBe(t.dbLabel === 'sqlite' ? ann.id : undefined);
    expect((await me(`plansmith_session=${committed}`))?.email).toBe(ann.email);
  });
});

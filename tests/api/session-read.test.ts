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
import {
  findProposalForReader,
  findSessionUserWithReader,
} from '../../src/server/proposals/repository';
import { addMember, createProposal, signedInUser, type TestUser } from './support/users';

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

  it('GET /api/proposal/:id: the session and the access query in one statement answer as two', async () => {
    const { db } = t.app.ctx;
    const now = Date.now();
    const own = await createProposal(t, ann);
    const shared = await createProposal(t, ann);
    const published = await createProposal(t, ann);
    const gone = await createProposal(t, ann);
    const bob = await signedInUser(t, 'bob.session@example.com', 'homeowner');
    await addMember(t, shared, bob.id, 'homeowner');
    await db.updateTable('proposals').set({ is_public: 1 }).where('id', '=', published).execute();
    await db.updateTable('proposals').set({ deleted_at: now }).where('id', '=', gone).execute();
    const annSession = await addSession(now + 60_000);
    const bobSecret = newSecret();
    await insertSession(db, {
      id_hash: hashSecret(bobSecret),
      user_id: bob.id,
      created_at: now,
      expires_at: now + 60_000,
      last_seen_at: now,
    });
    const unknownId = '00000000-0000-4000-8000-000000000000';
    for (const [hash, userId] of [
      [annSession.hash, ann.id],
      [hashSecret(bobSecret), bob.id],
    ] as const) {
      for (const id of [own, shared, published, gone, unknownId]) {
        const one = await findSessionUserWithReader(db, hash, now, id);
        const session = await findSessionUser(db, hash, now);
        expect(one?.user).toEqual(session?.user);
        expect(one?.seenAt).toBe(session?.seenAt);
        expect(one?.reader).toEqual(await findProposalForReader(db, id, userId));
      }
    }
    expect(await findSessionUserWithReader(db, hashSecret(newSecret()), now, own)).toBeUndefined();
    const expired = await addSession(now - 1);
    expect(await findSessionUserWithReader(db, expired.hash, now, own)).toBeUndefined();

    // Through HTTP: a member reads, a stranger gets the one 404, an expired session reads a
    // public proposal as anyone does and a private one not at all.
    const read = (id: string, cookie: string) =>
      request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie });
    expect((await read(shared, bob.cookie)).status).toBe(200);
    expect((await read(own, bob.cookie)).status).toBe(404);
    expect((await read(gone, ann.cookie)).status).toBe(404);
    expect((await read(published, expired.cookie)).status).toBe(200);
    expect((await read(own, expired.cookie)).status).toBe(404);
  });

  it('a kept reply is refused at once to a revoked session and to a removed member', async () => {
    const own = await createProposal(t, ann);
    const session = await addSession(Date.now() + 60_000);
    const dan = await signedInUser(t, 'dan.session@example.com', 'homeowner');
    await addMember(t, own, dan.id, 'invitee');
    const read = (cookie: string) =>
      request(t.baseUrl, 'GET', `/api/proposal/${own}`, {
        cookie,
        headers: { 'accept-encoding': 'br' },
      });
    // Read twice each, so both replies are kept (and the Brotli bytes made) before the change.
    for (let i = 0; i < 2; i++) {
      expect((await read(session.cookie)).status).toBe(200);
      expect((await read(dan.cookie)).status).toBe(200);
    }
    await deleteSession(t.app.ctx.db, session.hash);
    expect((await read(session.cookie)).status).toBe(404);
    // Removed straight in the database: no write through the app moves the reply's version.
    await t.app.ctx.db
      .deleteFrom('proposal_members')
      .where('proposal_id', '=', own)
      .where('user_id', '=', dan.id)
      .execute();
    expect((await read(dan.cookie)).status).toBe(404);
    expect((await read(ann.cookie)).status).toBe(200);
  });

  it("the reader's lookup answers in the same turn on SQLite, and never shows an open transaction's writes", async () => {
    const { db } = t.app.ctx;
    const now = Date.now();
    const own = await createProposal(t, ann);
    const session = await addSession(now + 60_000);
    const cara = await signedInUser(t, 'cara.session@example.com', 'homeowner');
    const caraSecret = newSecret();
    await insertSession(db, {
      id_hash: hashSecret(caraSecret),
      user_id: cara.id,
      created_at: now,
      expires_at: now + 60_000,
      last_seen_at: now,
    });
    // Outside a transaction SQLite's statement runs at once: no promise, no turn lost (0051).
    const direct = findSessionUserWithReader(db, session.hash, now, own);
    if (t.dbLabel === 'sqlite') expect(direct).not.toBeInstanceOf(Promise);
    expect((await direct)?.reader?.id).toBe(own);
    // Cara made a member in a transaction that rolls back: the lookup asked for meanwhile waits
    // for it on SQLite (Kysely's path), runs on another connection on PostgreSQL, and in both
    // finds no membership.
    let during: ReturnType<typeof findSessionUserWithReader> | undefined;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('proposal_members')
          .values({
            proposal_id: own,
            user_id: cara.id,
            role: 'homeowner',
            invited_by: null,
            created_at: now,
          })
          .execute();
        during = findSessionUserWithReader(db, hashSecret(caraSecret), now, own);
        if (t.dbLabel === 'sqlite') expect(during).toBeInstanceOf(Promise);
        throw new Error('roll back');
      })
      .catch((err: unknown) => {
        if (!(err instanceof Error) || err.message !== 'roll back') throw err;
      });
    const found = await during;
    expect(found?.user.id).toBe(cara.id);
    expect(found?.reader?.member_role).toBeNull();
    expect(
      (await request(t.baseUrl, 'GET', `/api/proposal/${own}`, { cookie: cara.cookie })).status,
    ).toBe(404);
  });

  it('a kept reply is refused at once when its proposal turns private or is deleted', async () => {
    const shared = await createProposal(t, ann);
    const stranger = await signedInUser(t, 'eve.session@example.com', 'homeowner');
    const dan = await signedInUser(t, 'dan.kept@example.com', 'homeowner');
    await addMember(t, shared, dan.id, 'invitee');
    const { db } = t.app.ctx;
    // Changed straight in the database: no write through the app moves the reply's version.
    const set = (values: { is_public?: 0 | 1; deleted_at?: number }) =>
      db.updateTable('proposals').set(values).where('id', '=', shared).execute();
    const read = (cookie: string) =>
      request(t.baseUrl, 'GET', `/api/proposal/${shared}`, {
        cookie,
        headers: { 'accept-encoding': 'gzip' },
      });
    await set({ is_public: 1 });
    // Read twice each, so the public and the member's replies are kept before the change.
    for (let i = 0; i < 2; i++) {
      expect((await read(stranger.cookie)).status).toBe(200);
      expect((await read(dan.cookie)).status).toBe(200);
    }
    await set({ is_public: 0 });
    expect((await read(stranger.cookie)).status).toBe(404);
    expect((await read(dan.cookie)).status).toBe(200);
    await set({ deleted_at: Date.now() });
    expect((await read(dan.cookie)).status).toBe(404);
  });
});

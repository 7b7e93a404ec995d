import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { directRead } from '../../src/server/db/database';
import { namedRead } from '../../src/server/db/named-read';
import { scratchPool } from '../support/scratch-database';
import { startTestApp, type TestApp } from './support/test-app';
import { addMember, createProposal, signedInUser } from './support/users';

/*
 * The hot reads run outside Kysely (decisions 0039, 0042); on PostgreSQL as named statements whose
 * rows are described once per connection (decision 0049). Their rows must be Kysely's, value for
 * value and type for type, whatever the connection and however often it has run them.
 */
describe('direct reads answer as Kysely does', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ limits: { requestsPerMinute: 100_000 } });
  });
  afterAll(() => t.close());

  it('every column of the rows the session and the proposal reads return, run after run', async () => {
    const { db } = t.app.ctx;
    const ann = await signedInUser(t, 'ann.named@example.com', 'contractor', { reassign: true });
    const bob = await signedInUser(t, 'bob.named@example.com', 'homeowner');
    const id = await createProposal(t, ann);
    await addMember(t, id, bob.id, 'homeowner');
    await db
      .updateTable('proposals')
      .set({ is_public: 1, sent_at: Date.now(), archived_at: null })
      .where('id', '=', id)
      .execute();
    const queries = [
      db.selectFrom('proposals').selectAll().where('id', '=', id),
      db.selectFrom('users').selectAll().where('id', 'in', [ann.id, bob.id]).orderBy('id'),
      db.selectFrom('sessions').selectAll().where('user_id', '=', ann.id),
      db.selectFrom('proposal_members').selectAll().where('proposal_id', '=', id),
    ].map((q) => q.compile());
    // Several runs: the first on a connection describes its rows, the later ones do not.
    for (let run = 0; run < 4; run++) {
      for (const compiled of queries) {
        const direct = await directRead(db, compiled.sql, compiled.parameters);
        const kysely = await db.executeQuery(compiled);
        expect(direct?.rows.length).toBeGreaterThan(0);
        expect(direct?.rows).toStrictEqual(kysely.rows);
      }
    }
  });
});

const onPostgres = process.env.TEST_DB === 'postgres';

// PostgreSQL only: SQLite has no named statements; its direct reads are the block above.
if (onPostgres)
  describe('a named read on PostgreSQL', () => {
    let t: TestApp;
    let pool: pg.Pool;
    /** Describe messages sent, per connection of the pool. */
    let describes: number[];

    beforeAll(async () => {
      t = await startTestApp();
      pool = scratchPool({ connectionString: t.databaseUrl, max: 1 });
      describes = [];
      pool.on('connect', (client) => {
        const slot = describes.push(0) - 1;
        const connection = (client as unknown as { connection: { describe(m: unknown): void } })
          .connection;
        const describe = connection.describe.bind(connection);
        connection.describe = (message) => {
          describes[slot]! += 1;
          describe(message);
        };
      });
    });
    afterAll(async () => {
      await pool.end();
      await t.close();
    });

    const sql = 'select $1::bigint as n, $2::text as s, $3::boolean as b, $4::text as nothing';

    it('describes its rows with the first run on a connection, and again on a new connection', async () => {
      for (let i = 1; i <= 3; i++) {
        const { rows } = await namedRead(pool, 'named_read_test_1', sql, [i, `s${i}`, true, null]);
        expect(rows).toStrictEqual([{ n: i, s: `s${i}`, b: true, nothing: null }]);
      }
      expect(describes).toEqual([1]);
      // The pool's one connection closed: the next read prepares and describes on a new one.
      const client = await pool.connect();
      client.release(true);
      const { rows } = await namedRead(pool, 'named_read_test_1', sql, [7, 'x', false, null]);
      expect(rows).toStrictEqual([{ n: 7, s: 'x', b: false, nothing: null }]);
      expect(describes).toEqual([1, 1]);
    });

    it('answers as pool.query does, many rows and none, many at once', async () => {
      const text = 'select g as id, g::text || $1 as label from generate_series(1, $2::int) g';
      const reads = Array.from({ length: 12 }, (_, i) =>
        Promise.all([
          namedRead(pool, 'named_read_test_2', text, ['x', i]),
          pool.query({ text, values: ['x', i] }),
        ]),
      );
      for (const [mine, theirs] of await Promise.all(reads))
        expect(mine.rows).toStrictEqual(theirs.rows);
    });

    it('a failed run rejects with the error and the pool goes on serving', async () => {
      const divide = 'select 10 / $1::int as q';
      await expect(namedRead(pool, 'named_read_test_3', divide, [0])).rejects.toMatchObject({
        code: '22012',
      });
      expect((await namedRead(pool, 'named_read_test_3', divide, [5])).rows).toStrictEqual([
        { q: 2 },
      ]);
      await expect(namedRead(pool, 'named_read_test_4', 'select from nowhere', [])).rejects.toThrow(
        /nowhere/,
      );
      expect((await namedRead(pool, 'named_read_test_3', divide, [2])).rows).toStrictEqual([
        { q: 5 },
      ]);
    });

    it('a value that cannot be sent fails its read alone, before anything is sent', async () => {
      const text = 'select $1::text as v';
      const cycle: Record<string, unknown> = {};
      cycle.self = cycle;
      await expect(namedRead(pool, 'named_read_test_6', text, [cycle])).rejects.toThrow(/circular/);
      expect((await namedRead(pool, 'named_read_test_6', text, ['ok'])).rows).toStrictEqual([
        { v: 'ok' },
      ]);
    });

    it('refuses a name prepared on the connection for another statement, as pg does', async () => {
      const client = await pool.connect();
      try {
        await client.query({ name: 'named_read_test_7', text: 'select 1 as one' });
      } finally {
        client.release();
      }
      await expect(namedRead(pool, 'named_read_test_7', 'select 2 as two', [])).rejects.toThrow(
        /another statement/,
      );
      expect(
        (await namedRead(pool, 'named_read_test_8', 'select 2 as two', [])).rows,
      ).toStrictEqual([{ two: 2 }]);
    });

    it('a column added by another instance while the statement is kept changes nothing', async () => {
      await pool.query('create table named_read_probe (a integer)');
      await pool.query('insert into named_read_probe values (1)');
      const text = 'select a from named_read_probe';
      expect((await namedRead(pool, 'named_read_test_5', text, [])).rows).toStrictEqual([{ a: 1 }]);
      await pool.query('alter table named_read_probe add column b text');
      expect((await namedRead(pool, 'named_read_test_5', text, [])).rows).toStrictEqual([{ a: 1 }]);
    });
  });

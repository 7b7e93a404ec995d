import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import { fullInput } from '../api/support/signing';
import { request, startTestApp, type TestApp } from '../api/support/test-app';
import { createProposal, signedInUser, type TestUser } from '../api/support/users';
import { png, upload } from '../api/support/uploads';

/*
 * Issue 18, storage full: a write that finds no space answers 507 with its message, the log line
 * names the real cause, reads keep working and writes resume once space returns (decision 0014).
 *
 * How the full disk is made: on SQLite the database is capped at its current size
 * (PRAGMA max_page_count), so SQLite itself raises SQLITE_FULL inside the save's transaction; on
 * PostgreSQL a trigger raises 53100 disk_full, as the server does when it cannot extend a file.
 * File storage is full when its put fails with the file system's ENOSPC error (injected at the
 * storage interface: mounting a small file system needs root).
 */

const OUT_OF_STORAGE = 'The server is out of storage space; nothing was saved.';

describe('storage full', () => {
  let t: TestApp;
  let owner: TestUser;
  let id: string;

  beforeAll(async () => {
    t = await startTestApp({ captureLogs: true });
    owner = await signedInUser(t, 'full@example.com');
    id = await createProposal(t, owner);
  });
  afterAll(() => t.close());

  const read = async () => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, owner);
    expect(res.status).toBe(200);
    return proposalSchema.parse(res.body);
  };
  const saveContract = async (contract: string) => {
    const p = await read();
    return request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...fullInput(p), contract },
      cookie: owner.cookie,
    });
  };

  async function fillDatabase(): Promise<string> {
    if (t.dbLabel === 'sqlite') {
      const { page_count } = (
        await sql<{ page_count: number }>`PRAGMA page_count`.execute(t.app.ctx.db)
      ).rows[0]!;
      await sql.raw(`PRAGMA max_page_count = ${page_count}`).execute(t.app.ctx.db);
      return 'SQLITE_FULL';
    }
    await sql
      .raw(
        `CREATE FUNCTION disk_full() RETURNS trigger AS $$ BEGIN
           RAISE EXCEPTION 'could not extend file "base/16384/16385": No space left on device'
             USING ERRCODE = '53100';
         END $$ LANGUAGE plpgsql`,
      )
      .execute(t.app.ctx.db);
    await sql
      .raw(
        'CREATE TRIGGER disk_full BEFORE INSERT OR UPDATE ON proposals FOR EACH ROW EXECUTE FUNCTION disk_full()',
      )
      .execute(t.app.ctx.db);
    return '53100';
  }

  async function freeDatabase(): Promise<void> {
    if (t.dbLabel === 'sqlite') {
      await sql.raw('PRAGMA max_page_count = 1073741823').execute(t.app.ctx.db);
      return;
    }
    await sql.raw('DROP TRIGGER disk_full ON proposals').execute(t.app.ctx.db);
    await sql.raw('DROP FUNCTION disk_full()').execute(t.app.ctx.db);
  }

  it('a save into a full database is 507, logged with its cause; reads work; saves resume', async () => {
    const before = await read();
    const cause = await fillDatabase();
    const big = 'Clause. '.repeat(6_000);

    const refused = await saveContract(big);
    expect(refused.status).toBe(507);
    expect(refused.body).toMatchObject({ statusCode: 507, message: OUT_OF_STORAGE });
    const logged = t.logs().filter((l) => l.includes('out of storage space'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.at(-1)).toContain(`"cause":"${cause}"`);
    expect(t.logs().join('\n')).not.toContain('cannot rollback');

    // Reads keep working, and nothing was saved.
    const during = await read();
    expect(during.contract).toBe(before.contract);
    expect(during.version).toBe(before.version);

    await freeDatabase();
    const saved = await saveContract(big);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await read()).contract).toBe(big);
  });

  it('an upload onto a full disk is 507, logged with ENOSPC; uploads resume', async () => {
    const storage = t.app.ctx.storage;
    const put = storage.put.bind(storage);
    storage.put = () =>
      Promise.reject(
        Object.assign(new Error('ENOSPC: no space left on device, write'), {
          code: 'ENOSPC',
          errno: -28,
          syscall: 'write',
        }),
      );
    try {
      const res = await upload(t, 'currentCondition', await png(40, 40), 'site.png', owner);
      expect(res.status).toBe(507);
      expect(res.body).toMatchObject({ message: OUT_OF_STORAGE });
      expect(
        t
          .logs()
          .filter((l) => l.includes('out of storage space'))
          .at(-1),
      ).toContain('"cause":"ENOSPC"');
      expect((await read()).proposalId).toBe(id);
    } finally {
      storage.put = put;
    }
    const res = await upload(t, 'currentCondition', await png(40, 40), 'site.png', owner);
    expect(res.status).toBe(200);
  });
});

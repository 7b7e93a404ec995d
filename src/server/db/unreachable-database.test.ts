import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../http/errors';
import { openDatabase } from './database';

/*
 * A database that cannot be reached right now is answered as unavailable (503, "try again"), not
 * as a fault of ours (500), and a request never waits on it without end.
 */
describe('a database that does not answer', () => {
  // A PostgreSQL host gone silent: the connection is accepted, and nothing ever comes back.
  const held: net.Socket[] = [];
  const silent = net.createServer((socket) => held.push(socket));
  let url = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    url = `postgres://plansmith:secret@127.0.0.1:${port}/plansmith`;
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it('PostgreSQL: a query waiting for a connection fails as unavailable once the bound passes', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plansmith-silent-'));
    const database = openDatabase({ dataDir, databaseUrl: url, connectTimeoutMs: 300 });
    try {
      const failure = await sql`select 1`.execute(database.db).then(
        () => undefined,
        (err: unknown) => err,
      );
      expect(failure).toBeInstanceOf(Error);
      expect(isDatabaseUnavailable(failure)).toBe(true);
    } finally {
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('SQLite: a lock another process holds, in any of its extended codes, is unavailable', () => {
    for (const code of [
      'SQLITE_BUSY',
      'SQLITE_BUSY_SNAPSHOT',
      'SQLITE_BUSY_TIMEOUT',
      'SQLITE_LOCKED',
    ])
      expect(isDatabaseUnavailable(Object.assign(new Error('database is locked'), { code }))).toBe(
        true,
      );
    expect(
      isDatabaseUnavailable(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT' })),
    ).toBe(false);
  });
});

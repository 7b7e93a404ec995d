/**
 * A migrated SQLite database of a unit test's own, in a new temporary directory (the SQLite
 * counterpart of scratch-database.ts). `dir` is there for a second connection to the same file.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, migrateToLatest, openDatabase } from '../../src/server/db/database';

export interface ScratchSqlite {
  database: Database;
  dir: string;
  /** Closes the database and deletes its directory. */
  remove(): Promise<void>;
}

export async function openScratchSqlite(name: string): Promise<ScratchSqlite> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `plansmith-${name}-`));
  const database = openDatabase({ dataDir: dir, databaseUrl: undefined });
  await migrateToLatest(database.db);
  return {
    database,
    dir,
    remove: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

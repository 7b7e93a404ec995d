import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { DeleteResult, UpdateResult } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changedOneRow, changedRows, isUniqueViolation } from './helpers';

function errorOf(run: () => unknown): unknown {
  try {
    run();
  } catch (err) {
    return err;
  }
  throw new Error('expected an error');
}

describe('isUniqueViolation', () => {
  it('recognises a unique index and a primary key on SQLite', () => {
    const db = new SQLite(':memory:');
    db.exec('create table t (a text primary key, b text unique, c text not null)');
    db.prepare("insert into t values ('1', 'x', 'c')").run();
    expect(
      isUniqueViolation(errorOf(() => db.prepare("insert into t values ('2', 'x', 'c')").run())),
    ).toBe(true);
    expect(
      isUniqueViolation(errorOf(() => db.prepare("insert into t values ('1', 'y', 'c')").run())),
    ).toBe(true);
    expect(
      isUniqueViolation(errorOf(() => db.prepare("insert into t values ('3', 'z', null)").run())),
    ).toBe(false);
    db.close();
  });

  it("recognises PostgreSQL's 23505 and nothing else", () => {
    expect(isUniqueViolation(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(
      true,
    );
    expect(isUniqueViolation(Object.assign(new Error('not null'), { code: '23502' }))).toBe(false);
    expect(isUniqueViolation(new Error('plain'))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });
});

describe('changedOneRow', () => {
  it('is true for exactly one updated or deleted row', () => {
    expect(changedOneRow(new UpdateResult(1n, undefined))).toBe(true);
    expect(changedOneRow(new DeleteResult(1n))).toBe(true);
    expect(changedOneRow(new UpdateResult(0n, undefined))).toBe(false);
    expect(changedOneRow(new DeleteResult(0n))).toBe(false);
    expect(changedOneRow(new UpdateResult(2n, undefined))).toBe(false);
    expect(changedRows(new DeleteResult(3n))).toBe(3);
  });
});

/** Every .ts file under src/server, with its path relative to the repository. */
function serverFiles(dir = path.join(import.meta.dirname, '..')): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

describe('the database helpers are written once', () => {
  it('no other server file defines an executor type, a unique check or counts changed rows', () => {
    const helpers = path.join(import.meta.dirname, 'helpers.ts');
    const migrations = path.join(import.meta.dirname, 'migrations');
    const offenders = serverFiles()
      .filter((file) => file !== helpers && !file.startsWith(migrations))
      .filter((file) =>
        /function isUniqueViolation|Transaction<DatabaseSchema>|num(Updated|Deleted)Rows|SQLITE_CONSTRAINT|'23505'/.test(
          fs.readFileSync(file, 'utf8'),
        ),
      )
      .map((file) => path.relative(process.cwd(), file));
    expect(offenders).toEqual([]);
  });
});

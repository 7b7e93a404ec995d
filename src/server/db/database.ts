import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  sql,
  Migrator,
  PostgresDialect,
  SqliteAdapter,
  SqliteDialect,
  type DialectAdapter,
  type Driver,
  type QueryExecutor,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import type { DatabaseSchema } from './schema';
import { migrationProvider } from './migrations/index';
import { namedRead } from './named-read';

export type Db = Kysely<DatabaseSchema>;
export type Dialect = 'sqlite' | 'postgres';

export interface Database {
  db: Db;
  dialect: Dialect;
  /** PostgreSQL's connection pool, for /metrics; undefined on SQLite. */
  pool?: pg.Pool;
  close(): Promise<void>;
}

// bigint columns hold millisecond times and cents, all far below 2^53: read them as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface OpenOptions {
  dataDir: string;
  databaseUrl: string | undefined;
  onPoolError?: (err: Error) => void;
  /**
   * How long a query may wait for a PostgreSQL connection before it fails as unavailable (503):
   * a new connection's handshake, and also a wait for a free one of the pool's ten (pg-pool
   * bounds both with the one setting), which sheds load rather than queueing without end.
   */
  connectTimeoutMs?: number;
}

/**
 * A PostgreSQL host that stops answering (a failover moving its address, a partition, a power
 * loss) sends nothing back: without a bound, a new connection waits out the kernel's SYN retries
 * (about two minutes) and the requests queued behind it with it. With one, they fail as
 * unavailable (503) and the client tries again.
 */
export const PG_CONNECT_TIMEOUT_MS = 10_000;

/** How long a SQLite statement waits for another process's write lock before failing (503). */
const SQLITE_BUSY_MS = 5_000;
/**
 * How long a process starting beside another one waits for its migrations (one transaction that
 * holds the write lock, decision 0004): an index built on a large file takes longer than a request.
 */
const SQLITE_MIGRATION_BUSY_MS = 120_000;

/** How much of the SQLite file is read through a memory map (decision 0065). */
export const SQLITE_MMAP_BYTES = 256 * 1024 * 1024;

export function openDatabase(opts: OpenOptions): Database {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: opts.connectTimeoutMs ?? PG_CONNECT_TIMEOUT_MS,
      // TCP keepalive on idle pooled connections: one whose server vanished is found out and
      // dropped while idle, rather than by the next request that uses it.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // Every sequential scan starts at the table's first block. With synchronized scans (on by
      // default) a scan of a table larger than a quarter of shared_buffers starts where the last
      // one stopped, so a catalogue search that ranks the first matches it reads (decision 0025)
      // gave different products for the same words from one request to the next (decision 0038).
      options: '-c synchronize_seqscans=off',
    });
    // A client losing its server (a restart, a failover) must not crash the process. The pool
    // listens on idle clients only; a client checked out for a request or a transaction emits
    // 'error' too, and with no listener that ends the process. With one, the request that used it
    // fails (503, see http/errors.ts), the pool drops the broken client on release and connects
    // anew for the next request.
    pool.on('error', (err) => opts.onPoolError?.(err));
    pool.on('connect', (client) => client.on('error', (err) => opts.onPoolError?.(err)));
    const db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool }) });
    directHandles.set(db, { kind: 'postgres', pool, names: new Map(), reads: 0 });
    return { db, dialect: 'postgres', pool, close: () => db.destroy() };
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const sqlite = new SQLite(path.join(opts.dataDir, 'plansmith.sqlite'));
  sqlite.pragma('journal_mode = WAL');
  // FULL: an acknowledged commit is on disk even after a power cut.
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma(`busy_timeout = ${SQLITE_BUSY_MS}`);
  sqlite.pragma('foreign_keys = ON');
  // Reads through a memory map of the file instead of a read() and a copy per page: a catalogue
  // search at 100,000 products reads index pages spread over the file, and its p95 fell by a
  // third (decision 0065). Writes still go through the WAL; only the address space is reserved.
  sqlite.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  // SQLite's lower() folds ASCII letters only, so 'élise' would not find 'Élise' as it does on
  // PostgreSQL: the dashboard's search folds with this instead (review 28 F5).
  sqlite.function('unicode_lower', { deterministic: true }, (text: unknown) =>
    typeof text === 'string' ? text.toLowerCase() : text,
  );
  const db = new Kysely<DatabaseSchema>({ dialect: new SqliteTransactionsDialect(sqlite) });
  directHandles.set(db, {
    kind: 'sqlite',
    sqlite,
    statements: new Map(),
    readStatements: new Map(),
    reads: 0,
  });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/**
 * What runs the direct reads of each Kysely instance (never of a transaction's executor, which is
 * another object): on SQLite the better-sqlite3 handle and its prepared statements, on PostgreSQL
 * the pool. `reads` counts them, for tests and benchmarks that count statements per request.
 */
type DirectHandle =
  | {
      kind: 'sqlite';
      sqlite: SQLite.Database;
      statements: Map<string, SQLite.Statement>;
      /** The direct reads' statements, whose rows come as arrays (`statements` are the writes'). */
      readStatements: Map<string, SqliteRead>;
    }
  | { kind: 'postgres'; pool: pg.Pool; names: Map<string, string> };
const directHandles = new WeakMap<object, DirectHandle & { reads: number }>();

/** Direct reads run so far on this database (tests/api's query counter adds them). */
export function directReadCount(db: object): number {
  return directHandles.get(db)?.reads ?? 0;
}

/**
 * Runs a read of a hot path (the session lookup, the proposal reader's access query) outside
 * Kysely's connection handling, as a statement prepared once: synchronously on better-sqlite3
 * (decision 0039), or as a named statement on the PostgreSQL pool, prepared and described once
 * per connection and afterwards only bound and executed (decisions 0042 and 0049). Returns
 * undefined when the read must go through Kysely instead: a transaction's executor, or on SQLite a
 * transaction open on the one connection.
 *
 * Why it never sees a transaction's uncommitted writes. SQLite: Kysely holds its lock across a
 * transaction's awaits, and a read on the same connection inside that window would see the
 * transaction's uncommitted writes; SQLite itself says whether one is open (`inTransaction`,
 * whoever issued the BEGIN), and the check and the read run in one synchronous step, so nothing
 * can begin in between. Outside a transaction the connection holds only committed data, and other
 * processes' uncommitted writes are invisible to it, as to any SQLite reader. PostgreSQL: a
 * transaction holds its own pooled connection until it ends, so no other query runs on it; the
 * pool hands this read an idle connection, where READ COMMITTED shows what was committed when the
 * statement began, exactly as Kysely's path on the same pool would. A transaction's own reads
 * (which must see its writes) come with its executor, which has no handle here.
 *
 * `planPerCall`: on PostgreSQL, a read whose best plan depends on its values (the catalogue
 * search: a sequential scan for a common word, the index for a rare one) is sent unnamed, so it
 * is planned for each call's values. On SQLite it changes nothing: Kysely's path there runs kept
 * prepared statements too (`withStatementCache`).
 */
export function directRead<Row>(
  db: object,
  sql: string,
  parameters: readonly unknown[],
  { planPerCall = false }: { planPerCall?: boolean } = {},
): { rows: Row[] } | Promise<{ rows: Row[] }> | undefined {
  const handle = directHandles.get(db);
  if (!handle) return undefined;
  if (handle.kind === 'postgres' && planPerCall) {
    // Unnamed: PostgreSQL plans it for these values each time, as Kysely's path does. A named
    // statement may settle on a generic plan after five calls, one plan whatever the values.
    handle.reads += 1;
    return handle.pool.query<Row & pg.QueryResultRow>(sql, parameters as unknown[]);
  }
  if (handle.kind === 'postgres') {
    let name = handle.names.get(sql);
    if (!name) {
      // One name per text: `pg` refuses a name prepared on a connection with another text.
      name = `plansmith_direct_${handle.names.size + 1}`;
      handle.names.set(sql, name);
    }
    handle.reads += 1;
    return namedRead<Row>(handle.pool, name, sql, parameters);
  }
  if (handle.sqlite.inTransaction) return undefined;
  let read = handle.readStatements.get(sql);
  if (!read) {
    read = sqliteRead(handle.sqlite.prepare(sql));
    handle.readStatements.set(sql, read);
  }
  handle.reads += 1;
  return { rows: rowsOf<Row>(read, read.statement.all(...parameters) as unknown[][]) };
}

/**
 * A direct read's statement on SQLite, its rows taken as arrays and made objects here: the
 * objects better-sqlite3 makes, one property at a time through V8's API, cost about a third more
 * than the arrays and this copy (decision 0055). The rows are the objects it would have given:
 * its own properties in column order, a repeated name holding the last column's value.
 */
interface SqliteRead {
  statement: SQLite.Statement;
  names: string[];
  /** A row of nulls, parsed from JSON so it keeps V8's fast properties however many columns. */
  empty: Record<string, unknown>;
}

function sqliteRead(statement: SQLite.Statement): SqliteRead {
  const names = statement.columns().map((column) => column.name);
  const empty = JSON.parse(
    `{${names.map((name) => `${JSON.stringify(name)}:null`).join(',')}}`,
  ) as Record<string, unknown>;
  return { statement: statement.raw(true), names, empty };
}

function rowsOf<Row>({ names, empty }: SqliteRead, arrays: unknown[][]): Row[] {
  const rows = new Array<Row>(arrays.length);
  for (let i = 0; i < arrays.length; i++) {
    const values = arrays[i]!;
    const row: Record<string, unknown> = { ...empty };
    for (let j = 0; j < names.length; j++) row[names[j]!] = values[j];
    rows[i] = row as Row;
  }
  return rows;
}

/**
 * Runs one write whose loss in a power cut costs nothing (a rate-limit counter, a batch of
 * analytics events) straight on
 * better-sqlite3 with `synchronous = NORMAL` for its commit, then back to FULL: the commit reaches
 * the WAL (the OS's cache) without waiting for the disk, where FULL waits for an fsync, 0.2–20 ms
 * on the main thread (decision 0041). WAL mode keeps the file consistent either way; only this
 * commit may be lost if the machine loses power before the next synced commit or checkpoint
 * (an acknowledged save is still synced by its own commit, which also syncs what came before
 * it). Returns undefined, as {@link directRead}, when the write must go through Kysely:
 * PostgreSQL, a transaction's executor, or a transaction open on the one SQLite connection
 * (then the transaction's own commit decides).
 */
export function unsyncedSqliteWrite<Row>(
  db: object,
  sql: string,
  parameters: readonly unknown[],
): { rows: Row[] } | undefined {
  const handle = directHandles.get(db);
  if (!handle || handle.kind !== 'sqlite' || handle.sqlite.inTransaction) return undefined;
  let statement = handle.statements.get(sql);
  if (!statement) {
    statement = handle.sqlite.prepare(sql);
    handle.statements.set(sql, statement);
  }
  const sync = (level: 'NORMAL' | 'FULL') => {
    const pragma = `pragma synchronous = ${level}`;
    let set = handle.statements.get(pragma);
    if (!set) {
      set = handle.sqlite.prepare(pragma);
      handle.statements.set(pragma, set);
    }
    set.run();
  };
  sync('NORMAL');
  try {
    if (statement.reader) return { rows: statement.all(...parameters) as Row[] };
    statement.run(...parameters);
    return { rows: [] };
  } finally {
    sync('FULL');
  }
}

/**
 * Kysely's SQLite dialect, with three changes:
 * - A transaction begins IMMEDIATE: it holds the database's write lock from its first statement.
 *   In this process Kysely runs one transaction at a time on the one connection anyway; another
 *   process on the same file (the CLI, a second instance) waits for it on busy_timeout, where a
 *   deferred transaction that had read before writing failed at once with SQLITE_BUSY_SNAPSHOT
 *   when the other process wrote in between (review 21).
 * - Migrations run in one such transaction (SQLite's DDL is transactional): a migration that
 *   fails half-way, or a process killed during one, leaves nothing of it, where each statement
 *   used to commit by itself and the next start failed on "table already exists" for good; and
 *   two processes starting on one file run them one after the other, the second seeing the
 *   first's.
 * - SQLite rolls a transaction back by itself on some errors (SQLITE_FULL, SQLITE_IOERR, …);
 *   Kysely's ROLLBACK then fails with "cannot rollback - no transaction is active" and that error
 *   replaces the real one. The ROLLBACK is skipped when no transaction is open, so the caller sees
 *   the real cause.
 */
class SqliteTransactionsDialect extends SqliteDialect {
  constructor(private readonly sqlite: SQLite.Database) {
    super({ database: withStatementCache(sqlite) });
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    const rollback = driver.rollbackTransaction.bind(driver);
    driver.rollbackTransaction = async (connection) => {
      if (this.sqlite.inTransaction) await rollback(connection);
    };
    return driver;
  }

  override createAdapter(): DialectAdapter {
    return new SqliteTransactionalDdlAdapter();
  }
}

class SqliteTransactionalDdlAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

const STATEMENTS_KEPT = 500;

/**
 * Kysely prepares every query anew; with SQLite in-process, parsing and planning the SQL costs
 * more than running it. The app's queries are a few hundred fixed texts (values are parameters),
 * so the prepared statements are kept by text, the least recently used dropped past 500. Safe
 * because the driver runs each statement to completion synchronously (no streaming), and SQLite
 * prepares a kept statement again by itself after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const kept = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = kept.get(sql);
      if (statement) kept.delete(sql);
      else statement = sqlite.prepare(sql);
      kept.set(sql, statement);
      if (kept.size > STATEMENTS_KEPT) kept.delete(kept.keys().next().value as string);
      return statement;
    },
  };
}

export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const handle = directHandles.get(db);
  const sqlite = handle?.kind === 'sqlite' ? handle.sqlite : undefined;
  sqlite?.pragma(`busy_timeout = ${SQLITE_MIGRATION_BUSY_MS}`);
  const { error, results } = await migrator
    .migrateToLatest()
    .finally(() => sqlite?.pragma(`busy_timeout = ${SQLITE_BUSY_MS}`));
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : JSON.stringify(error ?? '');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}

export async function migrateDown(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  let step = await migrator.migrateDown();
  while (step.results?.length && !step.error) step = await migrator.migrateDown();
  if (step.error)
    throw step.error instanceof Error ? step.error : new Error(JSON.stringify(step.error));
}

/** One round trip to the database (for /readyz). */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

/** How many of the app's migrations the database has not run (for /readyz). */
export async function pendingMigrations(db: Db): Promise<number> {
  const migrator = new Migrator({ db, provider: migrationProvider });
  const all = await migrator.getMigrations();
  return all.filter((m) => m.executedAt === undefined).length;
}

/**
 * A kept query's result given to `then`: straight on a prepared statement when `directRead` can
 * run it, else through Kysely (a transaction's executor, an open SQLite transaction). On SQLite
 * outside a transaction the answer comes in the same turn, without a promise (decision 0048).
 */
export function readKeptNow<Row, T>(
  db: { executeQuery: QueryExecutor['executeQuery'] },
  compiled: CompiledQuery,
  parameters: readonly unknown[],
  then: (result: { rows: Row[] }) => T,
  options?: { planPerCall?: boolean },
): T | Promise<T> {
  const direct = directRead<Row>(db, compiled.sql, parameters, options);
  if (direct === undefined) return db.executeQuery<Row>({ ...compiled, parameters }).then(then);
  return direct instanceof Promise ? direct.then(then) : then(direct);
}

/** A kept query's rows, as `readKeptNow` reads them. */
export async function readKept<Row>(
  db: { executeQuery: QueryExecutor['executeQuery'] },
  compiled: CompiledQuery<Row>,
  parameters: readonly unknown[],
  options?: { planPerCall?: boolean },
): Promise<Row[]> {
  return readKeptNow<Row, Row[]>(db, compiled, parameters, (result) => result.rows, options);
}

import { createRequire } from 'node:module';
import pg from 'pg';

/**
 * The hot reads' named statements on PostgreSQL (decision 0049). `pg` runs a named statement as
 * Bind, Describe, Execute, Sync: the server describes the rows again on every run, and `pg` parses
 * that description and rebuilds the row's parsers and template from it, for the 51 columns of a
 * kept read's session statement as for the 11 of `/me`'s; with its query object's set-up that was
 * about half of the node process's time a read. A prepared statement's rows cannot change shape
 * (PostgreSQL refuses with "cached plan must not change result type"), so this read describes them
 * with the statement's first run on a connection, keeps the parsers and the empty row with that
 * connection, and afterwards only binds and executes. It is the extension point `pg` documents for
 * such readers (a Submittable, as pg-cursor is), handed its connection by the client that runs it.
 */

/** `pg`'s own mapping of a JavaScript value to a parameter's text (numbers, dates, buffers). */
const { prepareValue } = createRequire(import.meta.url)('pg/lib/utils.js') as {
  prepareValue: (value: unknown) => unknown;
};

interface Field {
  name: string;
  dataTypeID: number;
}

/** What a connection knows of one of its prepared statements' rows. */
interface RowShape {
  parsers: ((text: string) => unknown)[];
  names: string[];
  empty: Record<string, unknown>;
}

/** The protocol side of a `pg` client, as a Submittable is given it. */
interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork(): void; uncork(): void };
  parse(message: { name: string; text: string }): void;
  bind(message: { statement: string; values: readonly unknown[] }): void;
  describe(message: { type: 'P'; name: string }): void;
  execute(message: Record<string, never>): void;
  flush(): void;
  sync(): void;
}

/** Per connection, per statement name; a connection that is gone takes its shapes with it. */
const shapesByConnection = new WeakMap<Connection, Map<string, RowShape>>();

/** `pg`'s parser of a column's text, with the app's own (bigint as a number, database.ts). */
const typeParser = (oid: number) =>
  pg.types.getTypeParser(oid, 'text') as (text: string) => unknown;

function shapeOf(fields: readonly Field[]): RowShape {
  // The row template as `pg` makes it, so rows are the objects `pg` would have given.
  const empty: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  for (const f of fields) empty[f.name] = null;
  return {
    parsers: fields.map((f) => typeParser(f.dataTypeID)),
    names: fields.map((f) => f.name),
    empty: { ...empty },
  };
}

/** One statement of a read: its name, its text, its values. */
export interface NamedStatement {
  name: string;
  text: string;
  values: readonly unknown[];
}

/** What a read answers: the first statement's rows, and every statement's in order. */
export interface NamedResult<Row> {
  rows: Row[];
  results: unknown[][];
}

type Callback<Row> = (err: Error | null, result?: NamedResult<Row>) => void;

/**
 * One or more named statements sent in one write and answered in one round trip: each
 * statement's Parse (first run on the connection), Bind, Describe (until its rows are known) and
 * Execute, then one Sync. The server runs them in order, each with its own snapshot at READ
 * COMMITTED, so a later statement sees what an earlier one saw or newer. An error skips the rest
 * (the server's rule up to a Sync) and fails the read.
 */
class NamedRead<Row> {
  /** Set by the client from the pool's callback. */
  callback: Callback<Row> | undefined;
  private readonly results: unknown[][];
  /** The statement whose answers are coming in. */
  private current = 0;
  private shapes: Map<string, RowShape> | undefined;
  private shape: RowShape | undefined;
  /** The statements this read parsed; their names are forgotten again if it fails. */
  private parsed: boolean[] = [];
  private connection: Connection | undefined;
  private failed: Error | undefined;

  constructor(
    private readonly statements: readonly NamedStatement[],
    /** Told each statement's rows as soon as they are in, before the ones after it run. */
    private readonly answered?: (index: number, rows: unknown[]) => void,
  ) {
    this.results = statements.map(() => []);
  }

  /**
   * Read by the client on each ParseComplete (it then keeps the name as parsed on the
   * connection) and on an error (it forgets the name if only submitted): the statement whose
   * answers are coming in, as for `pg`'s own Query, whose name and text these are.
   */
  get name(): string {
    return this.statements[Math.min(this.current, this.statements.length - 1)]!.name;
  }

  get text(): string {
    return this.statements[Math.min(this.current, this.statements.length - 1)]!.text;
  }

  /** An error returned here is reported by the client as the read's failure (client.js). */
  submit(client: pg.Connection): Error | undefined {
    // `pg`'s typings omit what its own Query uses of the connection.
    const connection = client as unknown as Connection;
    // Mapped before anything is sent: a value that cannot be (an object with a cycle) fails the read
    // alone, where a throw between Parse and Sync would leave the connection mid-message.
    const values: unknown[][] = [];
    try {
      for (const statement of this.statements) values.push(statement.values.map(prepareValue));
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
    const { statements } = this;
    for (let i = 0; i < statements.length; i++) {
      const { name, text } = statements[i]!;
      const previous =
        connection.parsedStatements[name] ?? connection.submittedNamedStatements[name];
      // As `pg` refuses it: the name would run the other statement, with its rows' shape.
      if (previous !== undefined && previous !== text)
        return new Error(`${name} is prepared for another statement on this connection`);
      this.parsed[i] = previous === undefined;
    }
    let shapes = shapesByConnection.get(connection);
    if (!shapes) {
      shapes = new Map();
      shapesByConnection.set(connection, shapes);
    }
    this.shapes = shapes;
    this.connection = connection;
    this.shape = shapes.get(statements[0]!.name);
    connection.stream.cork();
    try {
      for (let i = 0; i < statements.length; i++) {
        const { name, text } = statements[i]!;
        if (this.parsed[i]) {
          connection.parse({ name, text });
          // As `pg` records it, so its client forgets it again if the parse fails.
          connection.submittedNamedStatements[name] = text;
        }
        connection.bind({ statement: name, values: values[i]! });
        if (!shapes.has(name)) connection.describe({ type: 'P', name: '' });
        connection.execute({});
        // The server keeps its answers until a Sync or a Flush: a statement told as it is
        // answered is flushed at once, and the caller goes on while the next one runs.
        if (this.answered && i < statements.length - 1) connection.flush();
      }
      connection.sync();
    } finally {
      connection.stream.uncork();
    }
    return undefined;
  }

  handleRowDescription(message: { fields: Field[] }): void {
    this.shape = shapeOf(message.fields);
    this.shapes?.set(this.name, this.shape);
  }

  handleDataRow(message: { fields: (string | null)[] }): void {
    const shape = this.shape;
    if (!shape || this.failed) {
      this.failed ??= new Error(`${this.name}: a row came before its description`);
      return;
    }
    const row: Record<string, unknown> = { ...shape.empty };
    const { fields } = message;
    try {
      for (let i = 0; i < fields.length; i++) {
        const value = fields[i];
        row[shape.names[i]!] =
          value === null || value === undefined ? null : shape.parsers[i]!(value);
      }
    } catch (err) {
      this.failed = err as Error;
      return;
    }
    this.results[this.current]!.push(row);
  }

  /** The statement answered: the next one's answers follow. */
  handleCommandComplete(): void {
    if (!this.failed) this.answered?.(this.current, this.results[this.current]!);
    this.current += 1;
    const next = this.statements[this.current];
    if (next) this.shape = this.shapes?.get(next.name);
  }

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleReadyForQuery(): void {
    if (this.failed) this.callback?.(this.failed);
    else this.callback?.(null, { rows: this.results[0] as Row[], results: this.results });
  }

  handleError(err: Error): void {
    // The client forgot the failing statement's name; the ones after it were never parsed.
    for (let i = this.current + 1; i < this.statements.length; i++) {
      const { name } = this.statements[i]!;
      if (this.parsed[i]) delete this.connection?.submittedNamedStatements[name];
    }
    this.callback?.(this.failed ?? err);
  }

  handleCopyInResponse(): void {}

  handleCopyData(): void {}
}

/**
 * Runs `text` as the named statement `name` on a pooled connection: prepared and described with
 * its first run there, then bound and executed. Rows as `pool.query` gives them.
 */
export function namedRead<Row>(
  pool: pg.Pool,
  name: string,
  text: string,
  values: readonly unknown[],
): Promise<NamedResult<Row>> {
  // The pool hands a Submittable to a client and answers with what its callback is given.
  return pool.query(new NamedRead<Row>([{ name, text, values }])) as unknown as Promise<
    NamedResult<Row>
  >;
}

/**
 * Runs the statements in order on one pooled connection, sent in one write (decision 0060):
 * each one's rows as soon as it is answered, while the ones after it run. A failure fails every
 * statement not answered yet (the server skips them).
 */
export function namedReads(
  pool: pg.Pool,
  statements: readonly NamedStatement[],
): Promise<unknown[]>[] {
  const settle = statements.map(() => {
    let resolve!: (rows: unknown[]) => void;
    let reject!: (err: unknown) => void;
    const answer = new Promise<unknown[]>((yes, no) => {
      resolve = yes;
      reject = no;
    });
    return { answer, resolve, reject };
  });
  const read = new NamedRead(statements, (index, rows) => settle[index]?.resolve(rows));
  // Settling an answered statement again changes nothing: this fails only the rest.
  (pool.query(read) as unknown as Promise<unknown>).catch((err: unknown) => {
    for (const { reject } of settle) reject(err);
  });
  return settle.map(({ answer }) => answer);
}

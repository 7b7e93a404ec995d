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

type Callback<Row> = (err: Error | null, result?: { rows: Row[] }) => void;

class NamedRead<Row> {
  /** Set by the client from the pool's callback. */
  callback: Callback<Row> | undefined;
  private readonly rows: Row[] = [];
  private shape: RowShape | undefined;
  private shapes: Map<string, RowShape> | undefined;
  private failed: Error | undefined;

  constructor(
    readonly name: string,
    readonly text: string,
    readonly values: readonly unknown[],
  ) {}

  /** An error returned here is reported by the client as the read's failure (client.js). */
  submit(client: pg.Connection): Error | undefined {
    // `pg`'s typings omit what its own Query uses of the connection.
    const connection = client as unknown as Connection;
    // Mapped before anything is sent: a value that cannot be (an object with a cycle) fails the read
    // alone, where a throw between Parse and Sync would leave the connection mid-message.
    let values: unknown[];
    try {
      values = this.values.map(prepareValue);
    } catch (err) {
      return err instanceof Error ? err : new Error(String(err));
    }
    const previous =
      connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name];
    // As `pg` refuses it: the name would run the other statement, with its rows' shape.
    if (previous !== undefined && previous !== this.text)
      return new Error(`${this.name} is prepared for another statement on this connection`);
    let shapes = shapesByConnection.get(connection);
    if (!shapes) {
      shapes = new Map();
      shapesByConnection.set(connection, shapes);
    }
    this.shapes = shapes;
    this.shape = shapes.get(this.name);
    const parsed = previous !== undefined;
    connection.stream.cork();
    try {
      if (!parsed) {
        connection.parse({ name: this.name, text: this.text });
        // As `pg` records it, so its client forgets it again if the parse fails.
        connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ statement: this.name, values });
      if (!this.shape) connection.describe({ type: 'P', name: '' });
      connection.execute({});
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
    this.rows.push(row as Row);
  }

  handleCommandComplete(): void {}

  handleEmptyQuery(): void {}

  handlePortalSuspended(): void {}

  handleReadyForQuery(): void {
    if (this.failed) this.callback?.(this.failed);
    else this.callback?.(null, { rows: this.rows });
  }

  handleError(err: Error): void {
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
): Promise<{ rows: Row[] }> {
  // The pool hands a Submittable to a client and answers with what its callback is given.
  return pool.query(new NamedRead<Row>(name, text, values)) as unknown as Promise<{
    rows: Row[];
  }>;
}

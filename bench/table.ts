/** What one benchmark measured: our figure, the reference measured beside it, and their ratio. */
export interface Measurement {
  figure: number;
  reference: number;
  /** Unit of both figures, e.g. 'req/s', 'kB', 'ms'. */
  unit: string;
  /** figure / reference unless the benchmark defines it otherwise (e.g. a time ratio). */
  ratio?: number;
  /** A further condition of the target besides the ratio (e.g. layout shift); met unless false. */
  alsoMet?: boolean;
  /** Further lines worth reading under the table (sizes, counts, absolute times). */
  notes?: string[];
}

export interface Target {
  compare: '>=' | '<=';
  ratio: number;
}

export interface Benchmark {
  /** Name for `npm run bench -- NAME`. */
  name: string;
  /** What is measured, as the table shows it. */
  title: string;
  /** What the figure is compared with. */
  reference: string;
  target: Target;
  /** Runs it; absent while the benchmark is not built yet (the row stays in the table). */
  run?: (opts: { postgres: boolean }) => Promise<Measurement>;
  /** Why there is no figure yet, and what would give one. */
  pending?: string;
  /** Also run on PostgreSQL with --postgres. */
  databaseBound?: boolean;
  /** `run` honours `postgres`; a database-bound benchmark without it has no PostgreSQL figure yet. */
  runsOnPostgres?: boolean;
  /** Drives Debian's Chromium: the run installs it first when it is missing, as `npm test` does. */
  usesChromium?: boolean;
}

export interface Row {
  name: string;
  title: string;
  database: 'SQLite' | 'PostgreSQL' | '-';
  reference: string;
  target: string;
  measurement?: Measurement;
  ratio?: number;
  met: boolean;
  error?: string;
  /** How long its run took, set-up included. */
  seconds?: number;
}

/** Issue 12: the whole `npm run bench -- --postgres` stays under this on two cores. */
export const WHOLE_RUN_BOUND_SECONDS = 600;

const duration = (seconds: number) =>
  seconds < 60
    ? `${seconds.toFixed(0)} s`
    : `${Math.floor(seconds / 60)} min ${(seconds % 60).toFixed(0).padStart(2, '0')} s`;

export const targetText = (t: Target) => `${t.compare} ${t.ratio}`;

export function meets(ratio: number, target: Target): boolean {
  return target.compare === '>=' ? ratio >= target.ratio : ratio <= target.ratio;
}

const fixed = (n: number) =>
  Math.abs(n) >= 100 ? n.toFixed(0) : Math.abs(n) >= 10 ? n.toFixed(1) : n.toFixed(2);

/**
 * The table `npm run bench` prints: one row per benchmark and database with the time its run
 * took, the whole run's time against its bound when given, then the count met.
 */
export function formatTable(rows: Row[], wholeRunSeconds?: number): string {
  const header = ['benchmark', 'db', 'ours', 'reference', 'ratio', 'target', 'met', 'took'];
  const body = rows.map((r) => [
    r.name,
    r.database,
    r.measurement ? `${fixed(r.measurement.figure)} ${r.measurement.unit}` : '-',
    r.measurement ? `${fixed(r.measurement.reference)} ${r.measurement.unit}` : '-',
    r.ratio === undefined ? '-' : fixed(r.ratio),
    r.target,
    r.met ? 'met' : r.error ? 'error' : r.measurement ? 'NOT MET' : 'not measured',
    r.seconds === undefined ? '-' : duration(r.seconds),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  const met = rows.filter((r) => r.met).length;
  return [
    line(header),
    line(widths.map((w) => '-'.repeat(w))),
    ...body.map(line),
    '',
    ...(wholeRunSeconds === undefined
      ? []
      : [
          `whole run: ${duration(wholeRunSeconds)} (bound ${duration(WHOLE_RUN_BOUND_SECONDS)}${
            wholeRunSeconds > WHOLE_RUN_BOUND_SECONDS ? ', EXCEEDED' : ''
          })`,
        ]),
    `bench: ${met}/${rows.length} targets met`,
  ].join('\n');
}

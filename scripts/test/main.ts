/**
 * `npm test`: every check, in order, and every one of them even when an earlier one fails, so
 * one run shows everything that is wrong. Ends with a table and, alone on the last line,
 * `N passed, N failed` over all test cases. `npm test -- unit api-sqlite` runs only those steps.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from './chromium';
import { PostgresUnavailable, freePort, startCluster, type Cluster } from './postgres';
import {
  playwrightCounts,
  printSummary,
  provedLines,
  settle,
  vitestCounts,
  type Counts,
  type StepResult,
} from './reports';
import { localBin, projectRoot, runCommand, signalCurrent } from './run-command';

interface Outcome {
  ok: boolean;
  counts?: Counts;
  note?: string;
}

interface Step {
  name: string;
  title: string;
  run: () => Promise<Outcome>;
}

const reportDir = path.join(projectRoot, '.tmp');

/** A plain tool: passes or fails as a whole. */
const tool = (name: string, args: string[]) => async (): Promise<Outcome> => {
  const code = await runCommand(localBin(name), args);
  return { ok: code === 0, note: code === 0 ? undefined : `exit code ${code}` };
};

async function vitest(
  project: string,
  report: string,
  env: Record<string, string> = {},
): Promise<Outcome> {
  const file = path.join(reportDir, report);
  fs.rmSync(file, { force: true }); // never read a previous run's report
  const code = await runCommand(
    localBin('vitest'),
    [
      'run',
      '--project',
      project,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${file}`,
    ],
    env,
  );
  const counts = settle(code, vitestCounts(file));
  return { ok: code === 0 && counts.failed === 0, counts };
}

/** Runs `body` with the URL of a PostgreSQL server: the caller's DATABASE_URL or a throwaway one. */
async function withPostgres(body: (adminUrl: string) => Promise<Outcome>): Promise<Outcome> {
  // A DATABASE_URL from the caller wins: it is used as the admin URL; t_* databases are made in it.
  let cluster: Cluster | undefined;
  let adminUrl = process.env.DATABASE_URL;
  try {
    if (!adminUrl) {
      console.log('Starting a throwaway PostgreSQL cluster');
      cluster = await startCluster();
      adminUrl = cluster.url;
      console.log(`PostgreSQL ready at ${adminUrl}`);
    }
    return await body(adminUrl);
  } catch (err) {
    // Never skipped silently: no PostgreSQL means this step fails, with how to get it.
    console.error(err instanceof Error ? err.message : err);
    const note = err instanceof PostgresUnavailable ? 'PostgreSQL not installed' : 'cluster failed';
    return { ok: false, counts: { passed: 0, failed: 1 }, note };
  } finally {
    await cluster?.stop();
  }
}

const pgEnv = (adminUrl: string) => ({ TEST_DB: 'postgres', TEST_PG_URL: adminUrl });

const apiOnPostgres = () =>
  withPostgres((url) => vitest('api', 'vitest-api-postgres.json', pgEnv(url)));

/**
 * The fault tier (docs/operations.md): the same files on SQLite, then on PostgreSQL (where a file
 * of its own restarts a cluster), and a list of every promise it proved.
 */
async function faults(): Promise<Outcome> {
  const sqlite = await vitest('faults', 'vitest-faults-sqlite.json', { TEST_DB: 'sqlite' });
  const postgres = await withPostgres((url) =>
    vitest('faults', 'vitest-faults-postgres.json', pgEnv(url)),
  );
  console.log('\nThe fault tier proved:');
  for (const [file, label] of [
    ['vitest-faults-sqlite.json', 'SQLite'],
    ['vitest-faults-postgres.json', 'PostgreSQL'],
  ] as const) {
    for (const line of provedLines(path.join(reportDir, file), label)) console.log(line);
  }
  const counts = {
    passed: (sqlite.counts?.passed ?? 0) + (postgres.counts?.passed ?? 0),
    failed: (sqlite.counts?.failed ?? 0) + (postgres.counts?.failed ?? 0),
  };
  return { ok: sqlite.ok && postgres.ok, counts, note: postgres.note };
}

/**
 * The cluster tier (decision 0030): two app processes on one throwaway PostgreSQL, an S3 server
 * and an SMTP relay; it ends with what it proved, in figures the tests wrote down.
 */
async function cluster(): Promise<Outcome> {
  const provedFile = path.join(reportDir, 'cluster-proved.txt');
  fs.rmSync(provedFile, { force: true });
  const outcome = await withPostgres((url) =>
    vitest('cluster', 'vitest-cluster.json', { ...pgEnv(url), CLUSTER_PROVED_FILE: provedFile }),
  );
  console.log('\nThe cluster tier proved:');
  for (const line of provedLines(path.join(reportDir, 'vitest-cluster.json'), 'PostgreSQL + S3')) {
    console.log(line);
  }
  const figures = fs.existsSync(provedFile)
    ? fs.readFileSync(provedFile, 'utf8').split('\n').filter(Boolean)
    : [];
  console.log(
    `cluster: ${figures.length > 0 ? figures.join('; ') : 'no figures (a test failed early)'}`,
  );
  return outcome;
}

async function playwright(): Promise<Outcome> {
  const file = path.join(reportDir, 'e2e.json');
  fs.rmSync(file, { force: true });
  // playwright.config.ts adds the json reporter when E2E_JSON_REPORT names a file.
  // A port of its own unless one is asked for: two `npm test` runs on one machine must not
  // test each other's server.
  const port = process.env.E2E_PORT ?? String(await freePort());
  const code = await runCommand(localBin('playwright'), ['test'], {
    E2E_JSON_REPORT: file,
    E2E_PORT: port,
  });
  const counts = settle(code, playwrightCounts(file));
  const note = counts.flaky ? `${counts.flaky} flaky` : undefined;
  return { ok: code === 0 && counts.failed === 0, counts, note };
}

async function chromium(): Promise<Outcome> {
  const result = await ensureChromium();
  return { ok: result.ok, note: result.note };
}

const steps: Step[] = [
  { name: 'typecheck', title: 'tsc --noEmit', run: tool('tsc', ['--noEmit']) },
  {
    name: 'lint',
    title: 'eslint . --max-warnings 0',
    run: tool('eslint', ['.', '--max-warnings', '0']),
  },
  { name: 'format', title: 'prettier --check .', run: tool('prettier', ['--check', '.']) },
  { name: 'unit', title: 'vitest --project unit', run: () => vitest('unit', 'vitest-unit.json') },
  {
    name: 'api-sqlite',
    title: 'vitest --project api on SQLite',
    run: () => vitest('api', 'vitest-api-sqlite.json', { TEST_DB: 'sqlite' }),
  },
  { name: 'api-postgres', title: 'vitest --project api on PostgreSQL', run: apiOnPostgres },
  {
    name: 'faults',
    title: 'vitest --project faults on SQLite and PostgreSQL',
    run: faults,
  },
  {
    name: 'cluster',
    title: 'vitest --project cluster: two instances, one PostgreSQL, one S3 bucket, one relay',
    run: cluster,
  },
  {
    name: 'fuzz',
    title: 'vitest --project fuzz: every operation of /api/openapi.json, on SQLite',
    run: () => vitest('fuzz', 'vitest-fuzz.json'),
  },
  { name: 'build', title: 'vite build', run: tool('vite', ['build']) },
  { name: 'chromium', title: 'Chromium for the browser tests', run: chromium },
  { name: 'e2e', title: 'playwright test', run: playwright },
];

function selectSteps(args: string[]): Step[] {
  const wanted = args.filter((a) => a !== '--');
  if (wanted.length === 0) return steps;
  const unknown = wanted.filter((name) => !steps.some((s) => s.name === name));
  if (unknown.length > 0) {
    console.error(
      `Unknown step ${unknown.join(', ')}. Steps: ${steps.map((s) => s.name).join(' ')}`,
    );
    process.exit(2);
  }
  return steps.filter((s) => wanted.includes(s.name));
}

let interrupted = false;

function onSignal(signal: NodeJS.Signals): void {
  // Second Ctrl-C: leave now; the PostgreSQL helper's exit hook still removes its cluster.
  if (interrupted) process.exit(130);
  interrupted = true;
  console.error(`\n${signal}: stopping after the current step (again to quit at once)`);
  signalCurrent(signal);
}

async function main(): Promise<void> {
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  fs.mkdirSync(reportDir, { recursive: true });
  const selected = selectSteps(process.argv.slice(2));
  const results: StepResult[] = [];

  for (const [index, step] of selected.entries()) {
    if (interrupted) {
      results.push({
        name: step.name,
        status: 'skipped',
        counts: undefined,
        durationMs: 0,
        note: 'interrupted',
      });
      continue;
    }
    console.log(`\n━━━ [${index + 1}/${selected.length}] ${step.name}: ${step.title}`);
    const started = Date.now();
    let outcome: Outcome;
    try {
      outcome = await step.run();
    } catch (err) {
      console.error(err);
      outcome = { ok: false, note: 'crashed' };
    }
    const durationMs = Date.now() - started;
    const status = outcome.ok ? 'passed' : 'failed';
    console.log(`━━━ ${step.name}: ${status} in ${(durationMs / 1000).toFixed(1)}s`);
    results.push({
      name: step.name,
      status,
      counts: outcome.counts,
      durationMs,
      note: outcome.note,
    });
  }

  const total = printSummary(results);
  process.exitCode = interrupted ? 130 : total.failed > 0 ? 1 : 0;
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});

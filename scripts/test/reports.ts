/**
 * Reads the JSON reports vitest and Playwright write, so the summary counts test cases rather
 * than guessing from exit codes, and prints the final table.
 */
import fs from 'node:fs';

export interface Counts {
  passed: number;
  failed: number;
  /** Passed only on the retry: counted as passed, but shown, since it points at a race. */
  flaky?: number;
}

export interface StepResult {
  name: string;
  status: 'passed' | 'failed' | 'skipped';
  /** Undefined for steps that are not test runs (tsc, lint, build). */
  counts: Counts | undefined;
  durationMs: number;
  note?: string;
}

function readJson(file: string): unknown {
  if (!fs.existsSync(file)) return undefined;
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // A run killed half-way leaves a truncated report: treat it as no report.
    return undefined;
  }
}

const num = (value: unknown) => (typeof value === 'number' ? value : 0);

/** vitest's json reporter (Jest-compatible fields). */
export function vitestCounts(file: string): Counts | undefined {
  const report = readJson(file) as Record<string, unknown> | undefined;
  if (!report) return undefined;
  return { passed: num(report.numPassedTests), failed: num(report.numFailedTests) };
}

/** Playwright's json reporter: flaky tests passed on their retry. */
export function playwrightCounts(file: string): Counts | undefined {
  const report = readJson(file) as { stats?: Record<string, unknown> } | undefined;
  if (!report?.stats) return undefined;
  const s = report.stats;
  return { passed: num(s.expected) + num(s.flaky), failed: num(s.unexpected), flaky: num(s.flaky) };
}

/**
 * What a tier proved, one line per test case as its describe › title reads, marked passed or
 * failed: the fault tier's names are the promises it checks (docs/operations.md).
 */
export function provedLines(file: string, label: string): string[] {
  type Case = { ancestorTitles?: string[]; title?: string; status?: string };
  const report = readJson(file) as { testResults?: { assertionResults?: Case[] }[] } | undefined;
  const lines: string[] = [];
  for (const module of report?.testResults ?? []) {
    for (const test of module.assertionResults ?? []) {
      const mark = test.status === 'passed' ? '✓' : test.status === 'failed' ? '✗' : '-';
      const name = [...(test.ancestorTitles ?? []), test.title ?? ''].join(' › ');
      lines.push(`  ${mark} [${label}] ${name}`);
    }
  }
  return lines;
}

/**
 * A run that exited non-zero without a failed test (a setup crash, a file that does not
 * compile, no tests found) still counts as one failure, so the last line never says 0 failed.
 */
export function settle(exitCode: number, counts: Counts | undefined): Counts {
  const c = counts ?? { passed: 0, failed: 0 };
  return exitCode !== 0 && c.failed === 0 ? { ...c, failed: 1 } : c;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)}s`;

export function printSummary(results: StepResult[]): Counts {
  const rows = results.map((r) => [
    r.name,
    r.status,
    r.counts ? String(r.counts.passed) : '-',
    r.counts ? String(r.counts.failed) : '-',
    seconds(r.durationMs),
    r.note ?? '',
  ]);
  const header = ['step', 'status', 'passed', 'failed', 'time', 'note'];
  const widths = header.map((h, i) =>
    Math.max(h.length, ...rows.map((row) => row[i]?.length ?? 0)),
  );
  const line = (cells: string[]) =>
    cells
      .map((cell, i) =>
        i >= 2 && i <= 4 ? cell.padStart(widths[i] ?? 0) : cell.padEnd(widths[i] ?? 0),
      )
      .join('  ')
      .trimEnd();
  console.log(`\n${line(header)}`);
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));

  const total = { passed: 0, failed: 0 };
  for (const r of results) {
    total.passed += r.counts?.passed ?? 0;
    // A failed step that runs no tests (tsc, lint, build, chromium) counts as one failure.
    total.failed += r.counts ? r.counts.failed : r.status === 'failed' ? 1 : 0;
  }
  console.log(`\n${total.passed} passed, ${total.failed} failed`);
  return total;
}

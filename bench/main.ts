/*
 * Every speed promise as one table: our figure, the reference measured beside it in the same run,
 * the ratio and the target (docs/performance.md). Ratios, because these machines are noisy:
 * absolute numbers move with the neighbours, ratios between two things measured side by side do
 * not (much).
 *
 *   npm run bench                 every benchmark
 *   npm run bench -- small-json   the named ones
 *   npm run bench -- --postgres   database-bound ones on PostgreSQL too (a throwaway cluster)
 */
import fs from 'node:fs';
import path from 'node:path';
import { ensureChromium } from '../scripts/test/chromium';
import { catalogueGrowth } from './catalogue-search';
import { catalogueSearch } from './catalogue-scan';
import { clip, clipEventLoop } from './clip';
import { emailLanding } from './email-landing';
import { firstLoadLanding, firstLoadViewer } from './first-load';
import { largestAllowed } from './largest-proposal';
import { lcpLanding, lcpReceived, lcpShop, lcpViewer } from './lcp';
import { largestFirstRead, largestRead } from './largest-read';
import { memory } from './memory';
import { sessionLookup } from './session-lookup';
import { shopRoundTrips } from './shop-round-trips';
import { smallJson } from './small-json';
import { typing } from './typing';
import { formatTable, meets, targetText, type Benchmark, type Row } from './table';

const benchmarks: Benchmark[] = [
  smallJson,
  largestRead,
  largestFirstRead,
  shopRoundTrips,
  catalogueSearch,
  clip,
  clipEventLoop,
  firstLoadLanding,
  firstLoadViewer,
  lcpLanding,
  lcpViewer,
  lcpReceived,
  lcpShop,
  emailLanding,
  typing,
  memory,
  sessionLookup,
  catalogueGrowth,
  largestAllowed,
];

const args = process.argv.slice(2);
const postgres = args.includes('--postgres');
const names = args.filter((a) => !a.startsWith('--'));
const unknown = names.filter((n) => !benchmarks.some((b) => b.name === n));
if (unknown.length > 0) {
  console.error(
    `Unknown benchmark ${unknown.join(', ')}. Known: ${benchmarks.map((b) => b.name).join(', ')}`,
  );
  process.exit(2);
}
const selected = benchmarks.filter((b) => names.length === 0 || names.includes(b.name));
// A fresh machine has no Chromium: install it as the test runner does; if that fails, the
// browser rows say why in their error.
if (selected.some((b) => b.usesChromium)) await ensureChromium();
const rows: Row[] = [];
const notBuilt = new Set<Row>();
for (const b of selected) {
  const databases: Row['database'][] =
    b.databaseBound === false ? ['-'] : postgres ? ['SQLite', 'PostgreSQL'] : ['SQLite'];
  for (const database of databases) {
    const row: Row = {
      name: b.name,
      title: b.title,
      database,
      reference: b.reference,
      target: targetText(b.target),
      met: false,
    };
    rows.push(row);
    if (database === 'PostgreSQL' && !b.runsOnPostgres) {
      if (b.run) notBuilt.add(row);
      continue;
    }
    if (!b.run) continue;
    process.stdout.write(
      `running ${b.name}${database === 'PostgreSQL' ? ' on PostgreSQL' : ''}…\n`,
    );
    const started = performance.now();
    try {
      const m = await b.run({ postgres: database === 'PostgreSQL' });
      row.measurement = m;
      row.ratio = m.ratio ?? m.figure / m.reference;
      row.met = meets(row.ratio, b.target) && m.alsoMet !== false;
    } catch (err) {
      row.error = err instanceof Error ? err.message : String(err);
    }
    row.seconds = (performance.now() - started) / 1000;
  }
}

console.log('');
for (const r of rows) {
  console.log(`${r.name}: ${r.title}; reference: ${r.reference}`);
  for (const note of r.measurement?.notes ?? []) console.log(`  ${note}`);
  if (r.error) console.log(`  error: ${r.error}`);
  const why = notBuilt.has(r)
    ? 'not built on PostgreSQL yet (its run ignores `postgres`)'
    : benchmarks.find((b) => b.name === r.name)?.pending;
  if (why)
    console.log(`  not measured${r.database === 'PostgreSQL' ? ' on PostgreSQL' : ''}: ${why}`);
}
// The issue bounds the whole run (10 minutes on two cores), from the process's start.
const wholeRun = names.length === 0 ? process.uptime() : undefined;
console.log(`\n${formatTable(rows, wholeRun)}`);

const results = path.join(import.meta.dirname, 'results.json');
fs.writeFileSync(
  results,
  `${JSON.stringify({ at: new Date().toISOString(), seconds: wholeRun, rows }, null, 2)}\n`,
);

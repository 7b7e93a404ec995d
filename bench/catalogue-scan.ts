import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { catalogueRepository } from '../src/server/products/catalogue-repository';
import { SEED_PRODUCTS } from '../src/server/products/seed/catalogue';
import { compactSearchIndex } from '../src/server/products/search-index-repository';
import { startCluster } from '../scripts/test/postgres';
import { type AppProcess, startAppProcess } from './app-process';
import { insertCatalogueCopies } from './catalogue-copies';
import { rawGet } from './load';
import type { SearchBlock, SearchTimes } from './search-client';
import type { Benchmark, Measurement } from './table';

const PRODUCTS = 100_000;
const QUERIES = 200;
const BLOCK = 50;

const percentile = (times: number[], p: number) =>
  [...times].sort((a, b) => a - b)[Math.floor(times.length * p)] ?? 0;
const p95 = (times: number[]) => percentile(times, 0.95);

/** 200 searches a person would type: single words, word prefixes and two-word phrases. */
function mixedQueries(): string[] {
  const words = [
    ...new Set(
      SEED_PRODUCTS.flatMap((p) => p.title.toLowerCase().split(/[^a-z]+/)).filter(
        (w) => w.length >= 4,
      ),
    ),
  ].sort();
  return Array.from({ length: QUERIES }, (_, i) => {
    const word = words[(i * 7919) % words.length]!;
    const other = words[(i * 104729) % words.length]!;
    if (i % 3 === 0) return word.slice(0, Math.max(3, word.length - 2));
    if (i % 3 === 1) return `${word} ${other}`;
    return word;
  });
}

/** Runs one block of searches in the client's process and gives back their times. */
function searchBlock(client: ChildProcess, block: SearchBlock): Promise<SearchTimes> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`the search client exited with ${code}`));
    client.once('exit', onExit);
    client.once('message', (answer: { times?: SearchTimes; error?: string }) => {
      client.off('exit', onExit);
      if (answer.times) resolve(answer.times);
      else reject(new Error(answer.error ?? 'the search client answered nothing'));
    });
    client.send(block);
  });
}

/**
 * Catalogue search through the API at 100,000 products, against a full scan of the same table
 * for the same words (every row's title and keywords read and counted). The app runs in a
 * process of its own (started as `npm start` starts it) and the searches come from a client in
 * another (bench/search-client.ts), which asks and inflates as a browser does; the scan runs
 * here on a connection of its own with no HTTP in front of it, so the reference is the fastest
 * a scan can be.
 */
export const catalogueSearch: Benchmark = {
  name: 'catalogue-search',
  title: `catalogue search at ${PRODUCTS.toLocaleString('en-US')} products, p95 over ${QUERIES} mixed queries`,
  reference: 'a full scan of the same table',
  target: { compare: '<=', ratio: 0.05 },
  runsOnPostgres: true,
  run: async ({ postgres }) => {
    const cluster = postgres ? await startCluster() : undefined;
    try {
      const app = await startAppProcess(cluster ? { databaseUrl: cluster.url } : {});
      const client = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(import.meta.dirname, 'search-client.ts')],
        { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] },
      );
      try {
        return await measureSearch(app, client);
      } finally {
        client.kill();
        await app.stop();
      }
    } finally {
      await cluster?.stop();
    }
  },
};

async function measureSearch(app: AppProcess, client: ChildProcess): Promise<Measurement> {
  const { db, address } = app;
  const now = Date.now();
  await insertCatalogueCopies(db, PRODUCTS - SEED_PRODUCTS.length, (i) => now + i);
  await compactSearchIndex(app); // as the hourly housekeeping does after a bulk load
  const queries = mixedQueries();
  const pathOf = (q: string) => `/api/products?limit=8&page=1&searchTerms=${encodeURIComponent(q)}`;
  // Where a search's time goes, printed beside the figure and never in it: the same query
  // without HTTP (here, on this process's own connection); through HTTP asking for no
  // compression; and the app's cheapest request (no database, a 15-byte reply), the floor of
  // a round trip through this app on this machine at the moment.
  const catalogue = catalogueRepository(app);
  const inProcess = async (q: string) => {
    const start = performance.now();
    await catalogue.search({ terms: q, limit: 8, offset: 0, mode: 'all' });
    return performance.now() - start;
  };
  const scan = async (q: string) => {
    const like = `%${q.split(' ')[0]}%`;
    const start = performance.now();
    // `created_at + 0`: ordered by the bare column, both engines would walk the catalogue's
    // (catalogue, created_at) index newest first and stop at the 8th match, some dozens of
    // rows in, which is no scan at all.
    await sql`select id from products where catalogue = 1 and (lower(title) like ${like} or lower(keywords) like ${like}) order by created_at + 0 desc limit 8`.execute(
      db,
    );
    return performance.now() - start;
  };
  await searchBlock(client, { address, paths: queries.slice(0, 20).map(pathOf) }); // warm-up
  const plain = await rawGet(address + pathOf(queries[0]!), {});
  const compressed = await rawGet(address + pathOf(queries[0]!), { 'accept-encoding': 'br' });
  const ours: number[] = [];
  const reference: number[] = [];
  const withoutHttp: number[] = [];
  const fetched: number[] = [];
  const uncompressed: number[] = [];
  const floor: number[] = [];
  // Alternating blocks rather than query by query: a scan reads the whole table through the
  // operating system's cache, so a search right after one would read its index back from disk,
  // a cost of the reference that no catalogue search meets in use.
  for (let block = 0; block < queries.length; block += BLOCK) {
    const some = queries.slice(block, block + BLOCK);
    const times = await searchBlock(client, { address, paths: some.map(pathOf) });
    ours.push(...times.search);
    fetched.push(...times.fetched);
    uncompressed.push(...times.uncompressed);
    floor.push(...times.floor);
    for (const q of some) withoutHttp.push(await inProcess(q));
    for (const q of some) reference.push(await scan(q));
  }
  const count = await db
    .selectFrom('products')
    .select(db.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  // What the scan reads: on PostgreSQL the table holds the search vector too; a larger table
  // makes the reference slower (decision 0058).
  const table =
    app.dialect === 'postgres'
      ? (
          await sql<{
            size: string;
          }>`select pg_size_pretty(pg_table_size('products')) as size`.execute(db)
        ).rows[0]?.size
      : undefined;
  const of = (times: number[]) =>
    `p50 ${percentile(times, 0.5).toFixed(2)} ms, p95 ${p95(times).toFixed(2)} ms (${(p95(times) / p95(reference)).toFixed(3)} of the scan)`;
  return {
    figure: p95(ours),
    reference: p95(reference),
    unit: 'ms',
    notes: [
      `${Number(count.n).toLocaleString('en-US')} products${table ? ` (table ${table})` : ''}; searches through HTTP from a client process to the app's process, scans without HTTP`,
      `p50: search ${percentile(ours, 0.5).toFixed(2)} ms, scan ${percentile(reference, 0.5).toFixed(1)} ms; a reply ${plain.body.length} bytes, ${compressed.body.length} as Brotli`,
      `the same searches without HTTP: ${of(withoutHttp)}`,
      `the same searches through fetch (inflated by a zlib stream): ${of(fetched)}`,
      `the same searches uncompressed: ${of(uncompressed)}`,
      `GET /healthz, no database: ${of(floor)}`,
    ],
  };
}

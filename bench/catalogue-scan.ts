import { sql } from 'kysely';
import { catalogueRepository } from '../src/server/products/catalogue-repository';
import { SEED_PRODUCTS } from '../src/server/products/seed/catalogue';
import { compactSearchIndex } from '../src/server/products/search-index-repository';
import { insertCatalogueCopies } from './catalogue-copies';
import { withBenchApp } from './harness';
import type { Benchmark } from './table';

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

/**
 * Catalogue search through the API at 100,000 products, against a full scan of the same table
 * for the same words (every row's title and keywords read and counted), run in-process with
 * no HTTP in front of it, so the reference is the fastest a scan can be.
 */
export const catalogueSearch: Benchmark = {
  name: 'catalogue-search',
  title: `catalogue search at ${PRODUCTS.toLocaleString('en-US')} products, p95 over ${QUERIES} mixed queries`,
  reference: 'a full scan of the same table',
  target: { compare: '<=', ratio: 0.05 },
  runsOnPostgres: true,
  run: (database) =>
    withBenchApp(async (app) => {
      const { db } = app.ctx;
      const now = Date.now();
      await insertCatalogueCopies(db, PRODUCTS - SEED_PRODUCTS.length, (i) => now + i);
      await compactSearchIndex(app.ctx); // as the hourly housekeeping does after a bulk load
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const queries = mixedQueries();
      const search = async (q: string, headers: Record<string, string> = {}) => {
        const start = performance.now();
        const reply = await fetch(
          `${address}/api/products?limit=8&page=1&searchTerms=${encodeURIComponent(q)}`,
          { headers },
        );
        await reply.arrayBuffer();
        if (reply.status !== 200) throw new Error(`search "${q}": ${reply.status}`);
        return performance.now() - start;
      };
      // Where a search's time goes, printed beside the figure and never in it: the same query
      // without HTTP; through HTTP asking for no compression (fetch asks for gzip and inflates
      // the 3 kB reply through a zlib stream on libuv's threadpool, in this process, which
      // waits for a free core); and the app's cheapest request (no database, a 15-byte reply),
      // the floor of a round trip through this app on this machine at the moment.
      const catalogue = catalogueRepository(app.ctx);
      const inProcess = async (q: string) => {
        const start = performance.now();
        await catalogue.search({ terms: q, limit: 8, offset: 0, mode: 'all' });
        return performance.now() - start;
      };
      const bare = async () => {
        const start = performance.now();
        await (await fetch(`${address}/healthz`)).arrayBuffer();
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
      for (const q of queries.slice(0, 20)) await search(q); // warm-up
      const ours: number[] = [];
      const reference: number[] = [];
      const withoutHttp: number[] = [];
      const uncompressed: number[] = [];
      const floor: number[] = [];
      // Alternating blocks rather than query by query: a scan reads the whole table through
      // SQLite's 2 MB page cache, so a search right after one would read its index back from
      // the operating system, a cost of the reference that no catalogue search meets in use.
      for (let block = 0; block < queries.length; block += BLOCK) {
        const some = queries.slice(block, block + BLOCK);
        for (const q of some) {
          ours.push(await search(q));
          // Query by query, so that a change in the machine's load falls on all of them alike.
          withoutHttp.push(await inProcess(q));
          uncompressed.push(await search(q, { 'accept-encoding': 'identity' }));
          floor.push(await bare());
        }
        for (const q of some) reference.push(await scan(q));
      }
      const count = await db
        .selectFrom('products')
        .select(db.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return {
        figure: p95(ours),
        reference: p95(reference),
        unit: 'ms',
        notes: [
          `${Number(count.n).toLocaleString('en-US')} products; searches through HTTP, scans in-process`,
          `p50: search ${percentile(ours, 0.5).toFixed(2)} ms, scan ${percentile(reference, 0.5).toFixed(1)} ms`,
          `the same searches in-process: p50 ${percentile(withoutHttp, 0.5).toFixed(2)} ms, p95 ${p95(withoutHttp).toFixed(2)} ms (${(p95(withoutHttp) / p95(reference)).toFixed(3)} of the scan)`,
          `the same searches uncompressed: p50 ${percentile(uncompressed, 0.5).toFixed(2)} ms, p95 ${p95(uncompressed).toFixed(2)} ms (${(p95(uncompressed) / p95(reference)).toFixed(3)} of the scan)`,
          `GET /healthz, no database: p50 ${percentile(floor, 0.5).toFixed(2)} ms, p95 ${p95(floor).toFixed(2)} ms (${(p95(floor) / p95(reference)).toFixed(3)} of the scan)`,
        ],
      };
    }, database),
};

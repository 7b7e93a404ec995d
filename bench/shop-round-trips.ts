import { randomUUID } from 'node:crypto';
import type { ItemOptions, SelectionsPage } from '../src/shared/schemas/selections';
import { startCluster } from '../scripts/test/postgres';
import { type AppProcess, startAppProcess } from './app-process';
import { benchContractor } from './harness';
import type { Benchmark } from './table';

const GROUPS = 30;
const ITEMS = 40;
const OPTIONS = 8;
// Comments are limited to 60 per user in 10 minutes (COMMENTS_PER_WINDOW): each side has its own
// owner and posts 3 + 2 × 25 of them.
const ROUNDS = 25;
const BIG_OWNER = 'bench-big';
const SMALL_OWNER = 'bench-small';

type Json = Record<string, unknown>;

/**
 * The shop page's four writes (like, choose, reorder, comment) on the 30 × 40 proposal with 8
 * options on every item, each request timed from send to answer; the reference is the same four
 * on a proposal of one item with the same 8 options, measured in the same run. A write must cost
 * the item it touches, not the proposal around it.
 */
export const shopRoundTrips: Benchmark = {
  name: 'shop-round-trips',
  title: `shop page of a ${GROUPS} × ${ITEMS} proposal (${OPTIONS} options an item): like, choose, reorder, comment, p95`,
  reference: 'the same round trips on a proposal of one item',
  target: { compare: '<=', ratio: 1.5 },
  databaseBound: true,
  runsOnPostgres: true,
  // The app in a process of its own, as it runs for its users: in the benchmark's process its
  // requests would wait on the collections of a heap the earlier benchmarks grew.
  run: async ({ postgres }) => {
    const cluster = postgres ? await startCluster() : undefined;
    let app: AppProcess | undefined;
    try {
      app = await startAppProcess(cluster ? { databaseUrl: cluster.url } : {});
      const { address } = app;
      const cookies = {
        big: await benchContractor({ ctx: { db: app.db } }, BIG_OWNER),
        small: await benchContractor({ ctx: { db: app.db } }, SMALL_OWNER),
      };
      let cookie = cookies.big;
      const call = async (method: string, path: string, body?: Json): Promise<unknown> => {
        const res = await fetch(`${address}${path}`, {
          method,
          headers: { cookie, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        });
        const text = await res.text();
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
        return text.startsWith('{') || text.startsWith('[') ? JSON.parse(text) : text;
      };

      const products = (await call('GET', `/api/products?limit=${OPTIONS}&page=1`)) as {
        _id: string;
      }[];
      if (products.length < OPTIONS) throw new Error('the seed catalogue has too few products');

      const seed = async (groups: number, items: number, owner: string) => {
        const id = (await call('POST', '/api/proposal', {
          projectName: `Shop ${groups} × ${items}`,
          companyName: 'Bench Builds',
          contract: 'Terms.',
          costGroups: Array.from({ length: groups }, (_, g) => ({
            name: `Group ${g + 1}`,
            values: Array.from({ length: items }, (_, i) => ({
              name: `Fixture ${g + 1}.${i + 1}`,
              rawCost: String(100 + i),
              costType: 4,
              selection: true,
            })),
          })),
        })) as string;
        const page = (await call('GET', `/api/proposal/${id}/selections`)) as SelectionsPage;
        const itemIds = page.groups.flatMap((g) => g.items.map((i) => i.id));
        // Written straight into the database, as the shop page's own addProduct would leave
        // them (not chosen, in the order added, by the owner): 9,600 requests through the API
        // took most of this row's time (a minute on PostgreSQL) and are not what it measures.
        const now = Date.now();
        const options = itemIds.flatMap((costItemId, n) =>
          products.map((p, i) => ({
            id: randomUUID(),
            cost_item_id: costItemId,
            product_id: p._id,
            position: 'not_selected' as const,
            sort_order: i,
            added_by: owner,
            created_at: now + n * OPTIONS + i,
          })),
        );
        for (let i = 0; i < options.length; i += 500)
          await app!.db
            .insertInto('options')
            .values(options.slice(i, i + 500))
            .execute();
        for (const [n, itemId] of itemIds.slice(0, 3).entries())
          await call('POST', `/api/proposal/${id}/items/${itemId}/comments`, {
            content: `Seed comment ${n}`,
          });
        return { id, itemIds };
      };

      /** A seeded proposal as its owner shops it: its items' options, and every write's time. */
      const shopper = async (seeded: { id: string; itemIds: string[] }, owner: string) => {
        cookie = owner;
        const page = (await call('GET', `/api/proposal/${seeded.id}/selections`)) as SelectionsPage;
        const options = new Map(
          page.groups.flatMap((g) => g.items.map((i) => [i.id, i.options.map((o) => o.id)])),
        );
        return {
          ...seeded,
          owner,
          options,
          times: [] as number[],
          byKind: new Map<string, number[]>(),
        };
      };
      type Shopper = Awaited<ReturnType<typeof shopper>>;

      /** Round `r`: like, choose, reorder and comment on one item; `record` keeps the times. */
      const round = async (side: Shopper, r: number, { comment = true, record = true } = {}) => {
        cookie = side.owner;
        const timed = async (kind: string, method: string, path: string, body: Json) => {
          const start = performance.now();
          const reply = await call(method, path, body);
          const ms = performance.now() - start;
          if (record) {
            side.times.push(ms);
            side.byKind.set(kind, [...(side.byKind.get(kind) ?? []), ms]);
          }
          return reply;
        };
        const { id, itemIds, options } = side;
        // Spread over the whole proposal: every 7th item, wrapping (deterministic).
        const itemId = itemIds[(r * 7) % itemIds.length]!;
        const ids = options.get(itemId) ?? [];
        const [a, b] = [ids[r % ids.length]!, ids[(r + 1) % ids.length]!];
        await timed('like', 'PUT', `/api/proposal/${id}/options/${a}`, { position: 'liked' });
        await timed('choose', 'PUT', `/api/proposal/${id}/options/${b}`, { position: 'chosen' });
        const reply = (await timed(
          'reorder',
          'PUT',
          `/api/proposal/${id}/items/${itemId}/options/order`,
          {
            optionIds: [...ids].reverse(),
          },
        )) as ItemOptions;
        options.set(
          itemId,
          reply.options.map((o) => o.id),
        );
        if (comment)
          await timed('comment', 'POST', `/api/proposal/${id}/items/${itemId}/comments`, {
            content: `Round ${r}: can we see this one in person?`,
          });
      };
      const p95 = (sorted: number[]) => sorted[Math.floor(sorted.length * 0.95)] ?? 0;

      cookie = cookies.big;
      const big = await shopper(await seed(GROUPS, ITEMS, BIG_OWNER), cookies.big);
      cookie = cookies.small;
      const small = await shopper(await seed(1, 1, SMALL_OWNER), cookies.small);
      // Warm both once, then measure them round by round, each round on the small proposal
      // and then on the big one, twice over: a noisy moment on the machine (a slow fsync, another
      // process's burst) lands on both sides alike rather than on a whole pass of one.
      for (let r = 0; r < ROUNDS; r++) await round(small, r, { comment: false, record: false });
      for (let pass = 0; pass < 2; pass++) {
        for (let r = 0; r < ROUNDS; r++) {
          await round(small, r);
          await round(big, r);
        }
      }
      const bigTimes = big.times.sort((x, y) => x - y);
      const smallTimes = small.times.sort((x, y) => x - y);
      const ms = (n: number) => `${n.toFixed(1)} ms`;
      return {
        figure: p95(bigTimes),
        reference: p95(smallTimes),
        unit: 'ms',
        notes: [
          `${big.itemIds.length} items × ${OPTIONS} options; ${bigTimes.length} writes on each side`,
          `median ${ms(bigTimes[bigTimes.length >> 1] ?? 0)} against ${ms(smallTimes[smallTimes.length >> 1] ?? 0)}`,
          `p95 by kind: ${[...big.byKind.keys()]
            .map((kind) => {
              const of = (side: Shopper) =>
                ms(p95([...(side.byKind.get(kind) ?? [])].sort((x, y) => x - y)));
              return `${kind} ${of(big)} against ${of(small)}`;
            })
            .join(', ')}`,
        ],
      };
    } finally {
      await app?.stop();
      await cluster?.stop();
    }
  },
};

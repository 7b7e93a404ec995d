import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { AppContext } from '../context';
import { countRequests } from './request-count-repository';

/**
 * Requests of one key counted here before the database hears of them: a hundredth of the limit,
 * so several instances together admit at most about 1 % of the limit more per extra instance
 * (each may hold a batch the others have not seen yet), and a limit under 100 is exact.
 */
export const LOCAL_SHARE = 100;
/** Keys remembered per store before windows that have ended are swept (the plugin keeps 5,000). */
const KEYS_KEPT = 5_000;

interface Window {
  endsAt: number;
  /** The shared count the database answered at this instance's last flush. */
  known: number;
  /** Requests counted here since, not yet in the database. */
  pending: number;
  /**
   * While a flush is unanswered: the requests that came meanwhile, asked again once it answers.
   * Decided here, they would go on a known count that lacks the flush and what the other
   * instances counted meanwhile: a burst, or a slow database, was admitted a batch per flush in
   * flight (1,233 of 1,200 on two instances).
   */
  waiting?: (() => void)[];
}

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A store for @fastify/rate-limit that keeps the counts in the database instead of this process's
 * memory, so the general limit holds across every instance sharing the database
 * (docs/decisions/0031-limits-and-jobs-across-instances.md). A fixed window per key, like the
 * plugin's own in-memory store. The first request of a window, every LOCAL_SHARE-th of the
 * limit, and every request near the limit go to the database (one upsert, which answers the
 * shared count); the others are decided here, so a busy client costs one write per batch.
 *
 * A route with its own limit (sign, comment, clip…) gets a child store; its keys are prefixed with
 * the route, so its count is apart from the general one and from other routes', as in memory.
 */
export function sharedRequestStore(ctx: Pick<AppContext, 'db' | 'now'>): FastifyRateLimitStoreCtor {
  class SharedRequestStore implements FastifyRateLimitStore {
    /** The plugin constructs the general store with its settings; a child is given a prefix. */
    private prefix = '';
    private readonly windows = new Map<string, Window>();

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const now = ctx.now();
      const batch = Math.max(1, Math.floor(max / LOCAL_SHARE));
      const window = this.windows.get(key);
      let count = 1;
      if (window && now < window.endsAt) {
        if (window.waiting) {
          window.waiting.push(() => this.incr(key, callback, timeWindow, max));
          return;
        }
        window.pending += 1;
        const current = window.known + window.pending;
        if (window.pending < batch && current + batch <= max) {
          callback(null, { current, ttl: window.endsAt - now });
          return;
        }
        count = window.pending;
        window.pending = 0;
        window.waiting = [];
      }
      const answered = () => {
        if (!window?.waiting) return;
        const waiting = window.waiting;
        window.waiting = undefined;
        for (const ask of waiting) ask();
      };
      this.flush(key, count, now, timeWindow).then(
        ({ hits, ttl }) => {
          callback(null, { current: hits, ttl });
          answered();
        },
        (err: unknown) => {
          callback(err instanceof Error ? err : new Error(String(err)));
          answered();
        },
      );
    }

    private async flush(key: string, count: number, now: number, windowMs: number) {
      const { hits, windowEndsAt } = await countRequests(
        ctx.db,
        this.prefix + key,
        count,
        now,
        windowMs,
      );
      const window = this.windows.get(key);
      if (window && window.endsAt === windowEndsAt) {
        // Requests counted here while the upsert ran stay pending on top of the answer.
        window.known = Math.max(window.known, hits);
      } else {
        this.remember(key, { endsAt: windowEndsAt, known: hits, pending: 0 }, now);
      }
      return { hits, ttl: Math.max(0, windowEndsAt - now) };
    }

    private remember(key: string, window: Window, now: number) {
      this.windows.delete(key);
      this.windows.set(key, window);
      if (this.windows.size <= KEYS_KEPT) return;
      for (const [k, w] of this.windows) if (w.endsAt <= now) this.windows.delete(k);
      // Still full of live windows: forget the oldest; its next request asks the database.
      const oldest = this.windows.keys().next();
      if (this.windows.size > KEYS_KEPT && !oldest.done) this.windows.delete(oldest.value);
    }

    child(routeOptions: object): FastifyRateLimitStore {
      // The plugin hands over its merged settings, the route among them (types say otherwise).
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: unknown } }).routeInfo;
      const store = new SharedRequestStore();
      store.prefix = `${String(route?.method)} ${String(route?.url)}|`;
      return store;
    }
  }
  return SharedRequestStore;
}

import { LRUCache } from 'lru-cache';

/*
 * Proposals whose plan this instance changed (a note, an option added or removed) and has not
 * read since: their next read needs the plan's statement after the session's, so the route sends
 * the two together, in one round trip (decision 0060). Only a guess: a change made by another
 * instance is not known here, and its read sends the plan's statement after the session's as
 * before. A guess wrong the other way costs the statement sent ahead, never a stale reply.
 */

/** Per app; proposals changed and not read since, at most this many (the oldest forgotten). */
const CHANGED_KEPT = 4_000;
const changedByApp = new WeakMap<object, LRUCache<string, true>>();

function changedOf(ctx: object): LRUCache<string, true> {
  let changed = changedByApp.get(ctx);
  if (!changed) {
    changed = new LRUCache<string, true>({ max: CHANGED_KEPT });
    changedByApp.set(ctx, changed);
  }
  return changed;
}

/** After a committed write that changed one group of the proposal's plan. */
export function planChangedHere(ctx: object, proposalId: string): void {
  changedOf(ctx).set(proposalId, true);
}

/** Whether the proposal's plan changed here since its last read here; the next read is told no. */
export function takePlanChangedHere(ctx: object, proposalId: string): boolean {
  return changedByApp.get(ctx)?.delete(proposalId) ?? false;
}

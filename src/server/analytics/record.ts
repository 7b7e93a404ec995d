import { randomUUID } from 'node:crypto';
import { deleteEventsBefore, insertAnalyticsEvent } from './repository';
import type { AppContext } from '../context';

export interface ProductEvent {
  name: string;
  userId: string | null;
  properties: Record<string, string>;
}

/** Writes one product event. Callers never await it on a request's path (see plugin.ts). */
export async function recordEvent(ctx: AppContext, event: ProductEvent): Promise<void> {
  await insertAnalyticsEvent(ctx.db, {
    id: randomUUID(),
    name: event.name,
    user_id: event.userId,
    properties: JSON.stringify(event.properties),
    created_at: ctx.now(),
  });
}

/** Thirteen months of 31 days: a year-on-year comparison stays possible, nothing older is kept. */
export const ANALYTICS_RETENTION_MS = 13 * 31 * 24 * 60 * 60 * 1000;

/** Deletes events older than the retention; returns how many went. */
export async function deleteOldEvents(ctx: AppContext): Promise<number> {
  return deleteEventsBefore(ctx.db, ctx.now() - ANALYTICS_RETENTION_MS);
}

import { randomUUID } from 'node:crypto';
import { deleteEventsBefore, insertAnalyticsEvents } from './repository';
import type { AppContext } from '../context';

export interface ProductEvent {
  name: string;
  userId: string | null;
  properties: Record<string, string>;
}

/** An event as it happened, waiting to be written with others (see plugin.ts). */
export interface TimedEvent extends ProductEvent {
  at: number;
}

/** Writes product events in one statement. Callers never await it on a request's path. */
export async function recordEvents(ctx: AppContext, events: TimedEvent[]): Promise<void> {
  await insertAnalyticsEvents(
    ctx.db,
    events.map((event) => ({
      id: randomUUID(),
      name: event.name,
      user_id: event.userId,
      properties: JSON.stringify(event.properties),
      created_at: event.at,
    })),
  );
}

/** Thirteen months of 31 days: a year-on-year comparison stays possible, nothing older is kept. */
export const ANALYTICS_RETENTION_MS = 13 * 31 * 24 * 60 * 60 * 1000;

/** Deletes events older than the retention; returns how many went. */
export async function deleteOldEvents(ctx: AppContext): Promise<number> {
  return deleteEventsBefore(ctx.db, ctx.now() - ANALYTICS_RETENTION_MS);
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ruleFor, type EventRule } from './event-map';
import { deleteOldEvents, recordEvents, type ProductEvent, type TimedEvent } from './record';
import { isUserCreatedSince } from './repository';
import { startPeriodicJob, type PeriodicJob } from '../ops/periodic-jobs';

const uuid = z.uuid();
const HOUR = 60 * 60 * 1000;
/**
 * Events wait up to this long and are written together: under SQLite every commit waits for the
 * disk on the request thread (synchronous = FULL), and one commit per clip of a burst held the
 * event loop for tens of milliseconds each (decision 0034). What waits is lost if the process
 * dies, as a failed write is.
 */
const BATCH_MS = 1_000;
/** A batch this large is written at once. */
const BATCH_MAX = 200;

const isUuid = (value: unknown): value is string => uuid.safeParse(value).success;

function field(value: unknown, key: string): unknown {
  return typeof value === 'object' && value !== null
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/** What the reply said, kept between onSend and onResponse for the few rules that read it. */
const replies = new WeakMap<FastifyRequest, string>();

interface Resolved {
  rule: EventRule;
  request: FastifyRequest;
  reply: string | undefined;
  startedAt: number;
}

/** The events of a finished request: ids and the caller's role only, never text a person typed. */
async function toEvents(app: FastifyInstance, r: Resolved): Promise<ProductEvent[]> {
  const { rule, request } = r;
  const body: unknown = request.body;
  const properties: Record<string, string> = {};

  let userId = request.user?.id ?? null;
  let role = request.user?.role;
  if (rule.userFrom === 'reply' && r.reply) {
    const user = field(JSON.parse(r.reply) as unknown, 'user');
    // The docs/product/model.md User carries its id as `_id`.
    const id = field(user, '_id');
    if (isUuid(id)) userId = id;
    const replyRole = field(user, 'role');
    if (replyRole === 'contractor' || replyRole === 'homeowner') role = replyRole;
  }
  if (role) properties.role = role;

  let proposalId: unknown;
  if (rule.proposalFrom === 'param') proposalId = field(request.params, 'id');
  if (rule.proposalFrom === 'body.id') proposalId = field(body, 'id');
  if (rule.proposalFrom === 'body.proposalId') proposalId = field(body, 'proposalId');
  if (rule.proposalFrom === 'reply') proposalId = r.reply?.trim();
  if (isUuid(proposalId)) properties.proposalId = proposalId;

  const name = typeof rule.name === 'function' ? rule.name(body) : rule.name;
  const event = { name, userId, properties };
  const made =
    rule.newAccount !== undefined &&
    userId !== null &&
    (await isUserCreatedSince(app.ctx.db, userId, r.startedAt));
  return made ? [{ ...event, name: rule.newAccount! }, event] : [event];
}

/** Events past their keeping time are deleted daily, once per fleet. */
export const analyticsHousekeeping: PeriodicJob = {
  name: 'analytics-housekeeping',
  periodMs: 24 * HOUR,
  run: deleteOldEvents,
  failure: 'analytics housekeeping failed; will try again',
};

/**
 * Records product events from one place (decision 0011): a successful (2xx) state-changing
 * request whose route is in event-map.ts becomes one row of analytics_events. The write happens
 * after the response has gone and is never awaited by it, together with the other events of the
 * same second (decision 0034); a failure is logged and forgotten.
 * Also starts the daily deletion of events past their retention.
 */
export function registerAnalytics(app: FastifyInstance): void {
  const { ctx } = app;
  const pending = new Set<Promise<void>>();
  const startedAt = new WeakMap<FastifyRequest, number>();
  let queued: TimedEvent[] = [];
  let batchTimer: NodeJS.Timeout | undefined;

  const track = (work: Promise<void>) => {
    const tracked = work.finally(() => pending.delete(tracked));
    pending.add(tracked);
  };
  const flush = () => {
    clearTimeout(batchTimer);
    batchTimer = undefined;
    const events = queued;
    queued = [];
    if (events.length === 0) return;
    track(
      recordEvents(ctx, events).catch((err: unknown) => {
        ctx.log.warn({ err, events: events.length }, 'analytics events not recorded');
      }),
    );
  };
  const enqueue = (event: ProductEvent) => {
    queued.push({ ...event, at: ctx.now() });
    if (queued.length >= BATCH_MAX) flush();
    else if (!batchTimer) {
      batchTimer = setTimeout(flush, BATCH_MS);
      batchTimer.unref();
    }
  };

  // Callback hooks that return at once for reads (no rule names a GET): no promise per request.
  const isRead = (method: string) => method === 'GET' || method === 'HEAD';

  app.addHook('onRequest', (request, _reply, done) => {
    if (!isRead(request.method)) startedAt.set(request, ctx.now());
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    if (!isRead(request.method)) {
      const rule = ruleFor(request.method, request.routeOptions.url);
      if (rule?.proposalFrom === 'reply' || rule?.userFrom === 'reply') {
        if (typeof payload === 'string' && reply.statusCode < 300) replies.set(request, payload);
      }
    }
    done(null, payload);
  });

  const record = (request: FastifyRequest) => {
    const rule = ruleFor(request.method, request.routeOptions.url);
    if (!rule) return;
    const resolved: Resolved = {
      rule,
      request,
      reply: replies.get(request),
      startedAt: startedAt.get(request) ?? ctx.now(),
    };
    track(
      toEvents(app, resolved)
        .then((events) => events.forEach(enqueue))
        .catch((err: unknown) => {
          request.log.warn(
            { err, route: request.routeOptions.url },
            'analytics event not recorded',
          );
        }),
    );
  };

  app.addHook('onResponse', (request, reply, done) => {
    if (reply.statusCode >= 200 && reply.statusCode < 300 && !isRead(request.method))
      record(request);
    done();
  });

  // A first look soon after start (an instance restarted daily still cleans up), then the
  // fleet's one run a day.
  const stopHousekeeping = startPeriodicJob(ctx, analyticsHousekeeping);

  // Writes still in flight finish before the database closes (onClose hooks run in order).
  app.addHook('onClose', async () => {
    stopHousekeeping();
    while (pending.size > 0 || queued.length > 0) {
      flush();
      await Promise.all(pending);
    }
  });
}

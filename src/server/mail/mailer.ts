import { randomUUID } from 'node:crypto';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { AppContext } from '../context';
import type { MailRow } from '../db/schema';
import { LEGACY_PLAIN_PREFIX } from '../db/migrations/2026-11-24-0001-outbox-secrets';
import { openBody, sealBody, type MailBody } from './sealed-body';
import { fromHeader } from './contractor-sender';
import type { Executor } from '../db/helpers';
import {
  claimMail,
  findMailBody,
  insertMail,
  listDueMail,
  listMailWithBodyPrefix,
  makeWaitingMailDue,
  updateMail,
} from './outbox-repository';
import { currentRequestId, outsideRequests } from '../ops/request-log';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /**
   * Where a reply should go, when not to the From address: a help-panel message's sender, or the
   * contractor who sent the proposal or the invitation (decision 0090).
   */
  replyTo?: string;
  /** A From display name with MAIL_FROM's address ('Carla Contreras via Plansmith'). */
  fromName?: string;
  /**
   * The message carries a sign-in or proposal link that stops working at this time: it goes
   * before other mail, and it is never sent once the link has expired (or nearly so).
   */
  linkExpiresAt?: number;
  /**
   * Where one click stops mail of this kind (decision 0097): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
   */
  unsubscribeUrl?: string;
}

/** The headers of a message that can be stopped in one click (RFC 2369 and RFC 8058). */
export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export interface Mailer {
  /**
   * Writes the message to the outbox. Pass the transaction of the change that causes the
   * message, so the change and its e-mail commit together or not at all.
   */
  enqueue(db: Executor, mail: OutgoingMail): Promise<string>;
  /** Delivers what is due now; returns how many were sent. The worker calls this on a timer. */
  deliverDue(): Promise<number>;
  /** Wakes the worker after a commit instead of waiting for its next tick. */
  kick(): void;
  startWorker(): void;
  stop(): Promise<void>;
  /** A message's body for /dev/mail, or null when none is kept (sent, failed, not local). */
  readBody(id: string): Promise<MailBody | null | undefined>;
  /** Seals bodies a migration carried over in clear; run once at start, before serving. */
  sealLegacyBodies(): Promise<number>;
}

/** Delays between attempts: 10 s, 30 s, 2 min, 10 min, 30 min, 1 h, 2 h, 4 h; then it is kept as failed. */
export const RETRY_DELAYS_MS = [10, 30, 120, 600, 1800, 3600, 7200, 14400].map((s) => s * 1000);
const TICK_MS = 5000;
const BATCH = 20;
/** How many messages are sent at once, each over its own connection. */
export const SEND_CONCURRENCY = 4;
/** Priority of a message carrying a sign-in or proposal link; everything else is 1. */
export const LINK_PRIORITY = 0;
/** A link with less than this left is not worth sending: the recipient asks for a new one. */
export const LINK_MARGIN_MS = 2 * 60 * 1000;
export const EXPIRED_LINK_ERROR =
  'The link in this message expired before it could be sent; the recipient can ask for a new one.';

/** How many queued messages remember the request that queued them, for the worker's log lines. */
const REQUEST_IDS_KEPT = 10_000;

/**
 * The longest one send may last: SMTP_TIMEOUT_MS bounds connecting, the greeting and each answer;
 * the whole conversation is cut off after four of them, and the attempt counts as failed.
 */
export function sendDeadlineMs(smtpTimeoutMs: number): number {
  return 4 * smtpTimeoutMs;
}

/**
 * How long an instance holds a row it sends: the longest send plus a minute to record the result,
 * so no other instance can take the row while it may still be on its way.
 */
export function claimLeaseMs(smtpTimeoutMs: number): number {
  return sendDeadlineMs(smtpTimeoutMs) + 60_000;
}

/** The Message-ID of an outbox row: a repeat of the same row is recognisably the same message. */
export function messageIdFor(rowId: string, appUrl: string): string {
  return `<${rowId}@${new URL(appUrl).hostname}>`;
}

/** A refusal of this one message (5xx); anything else (timeouts, lost connections, 4xx) is the relay's trouble. */
function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500;
}

/**
 * `bodyKey` seals every body before it reaches the database (sealed-body.ts); a body is dropped
 * once the message is sent or has finally failed, and a logged one (no SMTP) is kept only in the
 * local environment, where /dev/mail shows it.
 *
 * Under faults (docs/decisions/0013-outbox-under-faults.md): every connection, greeting and answer
 * has SMTP_TIMEOUT_MS and a whole send a deadline; SEND_CONCURRENCY messages go at once, link
 * mail first; a row is claimed for longer than a send can last; the Message-ID comes from the
 * row; when a send succeeds after a failure, every waiting message is made due at once.
 */
export function createMailer(ctx: AppContext, bodyKey: Buffer): Mailer {
  const timeoutMs = ctx.config.smtpTimeoutMs;
  const deadlineMs = sendDeadlineMs(timeoutMs);
  const transport: Transporter | undefined = ctx.config.smtpUrl
    ? nodemailer.createTransport(
        {
          url: ctx.config.smtpUrl,
          connectionTimeout: timeoutMs,
          greetingTimeout: timeoutMs,
          socketTimeout: timeoutMs,
          dnsTimeout: timeoutMs,
        },
        { from: ctx.config.mailFrom },
      )
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  // The loop runs only once started; tests that drive deliverDue() by hand never start it.
  let started = false;
  // True after a failure that was the relay's (and at start, when nobody knows): the next success
  // wakes every waiting message instead of leaving each to its retry slot.
  let relayTrouble = true;
  // The request that queued a message, so the worker's lines about it carry that request's id
  // (this instance's messages only; another instance's lines name the mailId, decision 0028).
  const queuedBy = new Map<string, string>();
  const logFor = (mailId: string) => {
    const reqId = queuedBy.get(mailId);
    return reqId === undefined ? ctx.log : ctx.log.child({ reqId });
  };

  function sendWithDeadline(options: SendMailOptions): Promise<unknown> {
    let deadline: NodeJS.Timeout | undefined;
    return Promise.race([
      transport!.sendMail(options),
      new Promise<never>((_resolve, reject) => {
        deadline = setTimeout(
          () => reject(new Error(`The relay did not finish the message within ${deadlineMs} ms`)),
          deadlineMs,
        );
      }),
    ]).finally(() => clearTimeout(deadline));
  }

  /** After an outage: everything waiting for a later slot is due now. Rows being sent are left alone. */
  async function wakeWaiting(): Promise<number> {
    const now = ctx.now();
    const count = await makeWaitingMailDue(ctx.db, now);
    if (count > 0) ctx.log.info({ count }, 'mail relay answers again; waiting mail is due now');
    return count;
  }

  async function finish(row: MailRow, error: string, logMessage: string): Promise<void> {
    await updateMail(ctx.db, row.id, {
      status: 'failed',
      body: null,
      attempts: row.attempts + 1,
      last_error: error,
      claimed_until: null,
    });
    ctx.metrics.outboxFailures.inc({ final: 'true' });
    logFor(row.id).error({ mailId: row.id, subject: row.subject }, `${logMessage}: ${error}`);
    queuedBy.delete(row.id);
  }

  /** Sends one row; `woke` is true when its success woke the waiting mail. */
  async function deliverOne(row: MailRow): Promise<{ sent: boolean; woke: boolean }> {
    const now = ctx.now();
    // Claim the row so two app instances sharing one database never send it twice; the lease
    // outlasts the longest send.
    const claimed = await claimMail(ctx.db, row.id, now, now + claimLeaseMs(timeoutMs));
    if (!claimed || !transport) return { sent: false, woke: false };
    if (row.link_expires_at !== null && row.link_expires_at - LINK_MARGIN_MS <= now) {
      // A dead link is worse than none: the recipient asks again (decision 0013).
      await finish(row, EXPIRED_LINK_ERROR, 'mail dropped');
      return { sent: false, woke: false };
    }
    let body: MailBody;
    try {
      if (row.body === null) throw new Error('no body kept');
      body = openBody(bodyKey, row.id, row.body);
    } catch {
      // Sealed under another APP_SECRET (an instance set up differently): it can never be sent.
      await finish(row, 'The message body cannot be opened with this APP_SECRET.', 'mail failed');
      return { sent: false, woke: false };
    }
    try {
      await sendWithDeadline({
        from: fromHeader(ctx.config.mailFrom, row.from_name),
        to: row.to_address,
        subject: row.subject,
        html: body.html,
        text: body.text,
        messageId: messageIdFor(row.id, ctx.config.appUrl),
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
        ...(body.unsubscribeUrl ? { headers: unsubscribeHeaders(body.unsubscribeUrl) } : {}),
      });
      // Sent: the body (and any link in it) is gone from the database.
      await updateMail(ctx.db, row.id, {
        status: 'sent',
        body: null,
        sent_at: ctx.now(),
        attempts: row.attempts + 1,
        last_error: null,
        claimed_until: null,
      });
      ctx.metrics.outboxSent.inc();
      logFor(row.id).info({ mailId: row.id, subject: row.subject }, 'mail sent');
      queuedBy.delete(row.id);
      const woke = relayTrouble;
      relayTrouble = false;
      if (woke) await wakeWaiting();
      return { sent: true, woke };
    } catch (err) {
      if (!isPermanentRefusal(err)) relayTrouble = true;
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const message = err instanceof Error ? err.message : String(err);
      await updateMail(ctx.db, row.id, {
        attempts,
        last_error: message.slice(0, 1000),
        status: delay === undefined ? 'failed' : 'pending',
        ...(delay === undefined ? { body: null } : {}),
        next_attempt_at: ctx.now() + (delay ?? 0),
        claimed_until: null,
      });
      ctx.metrics.outboxFailures.inc({ final: String(delay === undefined) });
      if (delay === undefined) {
        logFor(row.id).error(
          { mailId: row.id, attempts, err: message },
          'mail failed after all retries',
        );
        queuedBy.delete(row.id);
      } else {
        logFor(row.id).warn(
          { mailId: row.id, attempts, err: message, retryInMs: delay },
          'mail delivery failed; will retry',
        );
      }
      return { sent: false, woke: false };
    }
  }

  /** One pass: up to BATCH due rows, link mail first, SEND_CONCURRENCY at a time. */
  async function deliverPass(): Promise<{ sent: number; woke: boolean }> {
    const now = ctx.now();
    const due = await listDueMail(ctx.db, now, BATCH);
    let sent = 0;
    let woke = false;
    let next = 0;
    const lane = async () => {
      while (next < due.length) {
        const result = await deliverOne(due[next++]!);
        if (result.sent) sent += 1;
        if (result.woke) woke = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(SEND_CONCURRENCY, due.length) }, lane));
    return { sent, woke };
  }

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    let sent = 0;
    // A pass whose success woke the waiting mail is followed by one that sends it.
    for (let pass = 0; pass < 5; pass += 1) {
      const result = await deliverPass();
      sent += result.sent;
      if (!result.woke) break;
    }
    return sent;
  }

  // A message enqueued while a delivery pass runs is picked up by one more pass right after it.
  let again = false;

  function runOnce(): Promise<number> {
    running ??= deliverDue()
      .catch((err: unknown) => {
        ctx.log.warn({ err }, 'mail worker could not read the outbox');
        return 0;
      })
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule(delay: number) {
    clearTimeout(timer);
    // A kick from a request must not make the whole pass that request's (its log lines).
    timer = outsideRequests(() => setTimeout(() => void loop(), delay));
    timer.unref();
  }

  async function loop() {
    await runOnce();
    const next = again ? 0 : TICK_MS;
    again = false;
    if (started) schedule(next);
  }

  function kick() {
    if (!started || !transport) return;
    if (running) again = true;
    else schedule(0);
  }

  return {
    async enqueue(db, mail) {
      const id = randomUUID();
      const now = ctx.now();
      // Without SMTP the body is kept only where /dev/mail can show it.
      const keep = transport !== undefined || ctx.config.appEnv === 'local';
      await insertMail(db, {
        id,
        to_address: mail.to,
        subject: mail.subject,
        body: keep
          ? sealBody(bodyKey, id, {
              html: mail.html,
              text: mail.text,
              ...(mail.unsubscribeUrl ? { unsubscribeUrl: mail.unsubscribeUrl } : {}),
            })
          : null,
        status: transport ? 'pending' : 'logged',
        attempts: 0,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
        reply_to: mail.replyTo ?? null,
        from_name: mail.fromName ?? null,
        priority: mail.linkExpiresAt === undefined ? 1 : LINK_PRIORITY,
        link_expires_at: mail.linkExpiresAt ?? null,
      });
      const reqId = currentRequestId();
      if (transport && reqId !== undefined) {
        queuedBy.set(id, reqId);
        if (queuedBy.size > REQUEST_IDS_KEPT) queuedBy.delete(queuedBy.keys().next().value!);
      }
      if (transport) ctx.log.info({ mailId: id, subject: mail.subject }, 'mail queued');
      if (!transport) {
        // The body may hold a sign-in link: it stays out of the log; /dev/mail shows it locally.
        ctx.log.info(
          { mailId: id, to: mail.to, subject: mail.subject },
          ctx.config.appEnv === 'local'
            ? `mail kept in the outbox (no SMTP_URL); read it at ${ctx.config.appUrl}/dev/mail`
            : 'mail kept in the outbox (no SMTP_URL)',
        );
      }
      return id;
    },
    deliverDue: runOnce,
    kick,
    startWorker() {
      if (!transport) return;
      started = true;
      schedule(0);
    },
    async readBody(id) {
      const row = await findMailBody(ctx.db, id);
      if (!row) return undefined;
      if (row.body === null) return null;
      try {
        return openBody(bodyKey, id, row.body);
      } catch {
        return null;
      }
    },
    async sealLegacyBodies() {
      const rows = await listMailWithBodyPrefix(ctx.db, LEGACY_PLAIN_PREFIX);
      for (const row of rows) {
        const body = JSON.parse(row.body!.slice(LEGACY_PLAIN_PREFIX.length)) as MailBody;
        const keep = row.status === 'pending' || ctx.config.appEnv === 'local';
        await updateMail(ctx.db, row.id, { body: keep ? sealBody(bodyKey, row.id, body) : null });
      }
      return rows.length;
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await running;
      transport?.close();
    },
  };
}

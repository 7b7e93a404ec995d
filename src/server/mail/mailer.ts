import { randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppContext } from '../context';
import type { Db } from '../db/database';
import type { DatabaseSchema, MailRow } from '../db/schema';
import { LEGACY_PLAIN_PREFIX } from '../db/migrations/2026-11-24-0001-outbox-secrets';
import { openBody, sealBody, type MailBody } from './sealed-body';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
  /** Where a reply should go, when not to the From address (a help-panel message's sender). */
  replyTo?: string;
}

export interface Mailer {
  /**
   * Writes the message to the outbox. Pass the transaction of the change that causes the
   * message, so the change and its e-mail commit together or not at all.
   */
  enqueue(db: Db | Transaction<DatabaseSchema>, mail: OutgoingMail): Promise<string>;
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

/**
 * `bodyKey` seals every body before it reaches the database (sealed-body.ts); a body is dropped
 * once the message is sent or has finally failed, and a logged one (no SMTP) is kept only in the
 * local environment, where /dev/mail shows it.
 */
export function createMailer(ctx: AppContext, bodyKey: Buffer): Mailer {
  const transport: Transporter | undefined = ctx.config.smtpUrl
    ? nodemailer.createTransport(ctx.config.smtpUrl, { from: ctx.config.mailFrom })
    : undefined;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  // The loop runs only once started; tests that drive deliverDue() by hand never start it.
  let started = false;

  async function deliverOne(row: MailRow): Promise<boolean> {
    const now = ctx.now();
    // Claim the row so two app instances sharing one database never send it twice.
    const claimUntil = now + 60_000;
    const claimed = await ctx.db
      .updateTable('mail_outbox')
      .set({ next_attempt_at: claimUntil })
      .where('id', '=', row.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', row.next_attempt_at)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1 || !transport) return false;
    let body: MailBody;
    try {
      if (row.body === null) throw new Error('no body kept');
      body = openBody(bodyKey, row.id, row.body);
    } catch {
      // Sealed under another APP_SECRET (an instance set up differently): it can never be sent.
      const error = 'The message body cannot be opened with this APP_SECRET.';
      await ctx.db
        .updateTable('mail_outbox')
        .set({ status: 'failed', body: null, attempts: row.attempts + 1, last_error: error })
        .where('id', '=', row.id)
        .execute();
      ctx.log.error({ mailId: row.id }, `mail failed: ${error}`);
      return false;
    }
    try {
      await transport.sendMail({
        from: ctx.config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        html: body.html,
        text: body.text,
        ...(row.reply_to ? { replyTo: row.reply_to } : {}),
      });
      // Sent: the body (and any link in it) is gone from the database.
      await ctx.db
        .updateTable('mail_outbox')
        .set({
          status: 'sent',
          body: null,
          sent_at: ctx.now(),
          attempts: row.attempts + 1,
          last_error: null,
        })
        .where('id', '=', row.id)
        .execute();
      ctx.log.info({ mailId: row.id, subject: row.subject }, 'mail sent');
      return true;
    } catch (err) {
      const attempts = row.attempts + 1;
      const delay = RETRY_DELAYS_MS[attempts - 1];
      const message = err instanceof Error ? err.message : String(err);
      await ctx.db
        .updateTable('mail_outbox')
        .set({
          attempts,
          last_error: message.slice(0, 1000),
          status: delay === undefined ? 'failed' : 'pending',
          ...(delay === undefined ? { body: null } : {}),
          next_attempt_at: ctx.now() + (delay ?? 0),
        })
        .where('id', '=', row.id)
        .execute();
      if (delay === undefined) {
        ctx.log.error({ mailId: row.id, attempts, err: message }, 'mail failed after all retries');
      } else {
        ctx.log.warn(
          { mailId: row.id, attempts, err: message, retryInMs: delay },
          'mail delivery failed; will retry',
        );
      }
      return false;
    }
  }

  async function deliverDue(): Promise<number> {
    if (!transport) return 0;
    const due = await ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', ctx.now())
      .orderBy('next_attempt_at')
      .limit(BATCH)
      .execute();
    let sent = 0;
    for (const row of due) if (await deliverOne(row)) sent += 1;
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
    timer = setTimeout(() => void loop(), delay);
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
      await db
        .insertInto('mail_outbox')
        .values({
          id,
          to_address: mail.to,
          subject: mail.subject,
          body: keep ? sealBody(bodyKey, id, { html: mail.html, text: mail.text }) : null,
          status: transport ? 'pending' : 'logged',
          attempts: 0,
          next_attempt_at: now,
          last_error: null,
          created_at: now,
          sent_at: null,
          reply_to: mail.replyTo ?? null,
        })
        .execute();
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
      const row = await ctx.db
        .selectFrom('mail_outbox')
        .select('body')
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) return undefined;
      if (row.body === null) return null;
      try {
        return openBody(bodyKey, id, row.body);
      } catch {
        return null;
      }
    },
    async sealLegacyBodies() {
      const rows = await ctx.db
        .selectFrom('mail_outbox')
        .select(['id', 'status', 'body'])
        .where('body', 'like', `${LEGACY_PLAIN_PREFIX}%`)
        .execute();
      for (const row of rows) {
        const body = JSON.parse(row.body!.slice(LEGACY_PLAIN_PREFIX.length)) as MailBody;
        const keep = row.status === 'pending' || ctx.config.appEnv === 'local';
        await ctx.db
          .updateTable('mail_outbox')
          .set({ body: keep ? sealBody(bodyKey, row.id, body) : null })
          .where('id', '=', row.id)
          .execute();
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

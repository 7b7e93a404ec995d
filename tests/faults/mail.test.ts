import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGNIN_TOKEN_TTL_MS } from '../../src/shared/constants';
import { loadAppSecret } from '../../src/server/config/app-secret';
import {
  EXPIRED_LINK_ERROR,
  LINK_MARGIN_MS,
  RETRY_DELAYS_MS,
  SEND_CONCURRENCY,
  claimLeaseMs,
  createMailer,
} from '../../src/server/mail/mailer';
import { mailBodyKey } from '../../src/server/mail/sealed-body';
import { request, startTestApp, type TestApp } from '../api/support/test-app';
import { tokenFromMail } from '../api/support/users';

/*
 * Issue 18, the outbox under faults (docs/decisions/0013-outbox-under-faults.md), against a real
 * SMTP server on loopback. The app's clock stands still unless a test moves it, so no retry slot
 * comes due by itself: whatever is delivered was delivered by the rule under test. Every wait is
 * on a condition, bounded.
 */

async function waitUntil(what: string, condition: () => boolean, timeoutMs = 15_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

function outbox(t: TestApp) {
  return t.app.ctx.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();
}

async function signUp(t: TestApp, email: string) {
  const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
    json: { email, name: email.split('@')[0] },
  });
  expect(res.status).toBe(200);
}

/** Mail with no link in it (a notification), straight into the outbox. */
function notice(t: TestApp, to: string) {
  return t.app.ctx.mailer.enqueue(t.app.ctx.db, {
    to,
    subject: `Notice for ${to}`,
    html: '<p>Something changed.</p>',
    text: 'Something changed.',
  });
}

const limits = { authEmailsPerAddress: 50, authEmailsPerIp: 500 };

describe('a relay that accepts connections and never greets', () => {
  let t: TestApp;
  const clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      startMailWorker: false,
      env: { SMTP_TIMEOUT_MS: '2000' },
      limits,
    });
  });
  afterAll(() => t.close());

  it('gives up on it by the timeout, four at a time, and sends everything at once when one send succeeds again', async () => {
    t.mailbox.setSilent(true);
    for (let i = 1; i <= 5; i += 1) await notice(t, `waiting${i}@example.com`);
    await signUp(t, 'stuck@example.com');

    const pass = t.app.ctx.mailer.deliverDue();
    // Four connections wait for the greeting at the same time; no more.
    await waitUntil('four connections wait for a greeting', () => t.mailbox.ungreeted() === 4);
    expect(t.mailbox.connections()).toBe(SEND_CONCURRENCY);
    expect(await pass).toBe(0);
    const failed = await outbox(t);
    expect(failed).toHaveLength(6);
    for (const row of failed) {
      expect(row).toMatchObject({ status: 'pending', attempts: 1 });
      expect(row.last_error).toMatch(/greeting never received|timeout/i);
      expect(row.next_attempt_at).toBe(clock + RETRY_DELAYS_MS[0]!);
    }
    expect(t.mailbox.messages()).toHaveLength(0);

    // The relay is good again. Nothing is due (the clock stands still), until a new message
    // goes through: then every waiting message is sent, without waiting for its slot.
    t.mailbox.setSilent(false);
    expect(await t.app.ctx.mailer.deliverDue()).toBe(0);
    await signUp(t, 'fresh@example.com');
    expect(await t.app.ctx.mailer.deliverDue()).toBe(7);
    const rows = await outbox(t);
    expect(rows.map((r) => r.status)).toEqual(Array(7).fill('sent'));
    const to = t.mailbox
      .messages()
      .flatMap((m) => m.to)
      .sort();
    expect(to).toEqual(
      [
        'fresh@example.com',
        'stuck@example.com',
        ...[1, 2, 3, 4, 5].map((i) => `waiting${i}@example.com`),
      ].sort(),
    );
  });

  it('sends sign-in and proposal-link mail before other mail', async () => {
    for (let i = 1; i <= 6; i += 1) await notice(t, `later${i}@example.com`);
    await signUp(t, 'first@example.com');
    t.mailbox.setHolding(true);
    const pass = t.app.ctx.mailer.deliverDue();
    await waitUntil('four messages reach the relay', () => t.mailbox.held().length === 4);
    // The sign-in mail was written last, and it is among the four sent first.
    expect(t.mailbox.held()).toContain('first@example.com');
    t.mailbox.setHolding(false);
    expect(await pass).toBe(7);
  });
});

describe('a message the relay refuses for good (5xx)', () => {
  let t: TestApp;
  const clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock, startMailWorker: false, limits });
  });
  afterAll(() => t.close());

  it('keeps its retry slot: it is no outage, so later successes do not wake it', async () => {
    await notice(t, 'first@example.com');
    expect(await t.app.ctx.mailer.deliverDue()).toBe(1);

    t.mailbox.setRefused(['nobody@example.com']);
    const refused = await notice(t, 'nobody@example.com');
    expect(await t.app.ctx.mailer.deliverDue()).toBe(0);
    await notice(t, 'second@example.com');
    expect(await t.app.ctx.mailer.deliverDue()).toBe(1);

    const row = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', refused)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.last_error).toMatch(/550/);
    expect(row.next_attempt_at).toBe(clock + RETRY_DELAYS_MS[0]!);
  });
});

describe('the claim on a row being sent', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    // The default SMTP_TIMEOUT_MS (10 s): the relay is turned good long before it runs out.
    t = await startTestApp({ now: () => clock, startMailWorker: false, limits });
  });
  afterAll(() => t.close());

  it('outlasts the longest send, so a second instance never sends the same row', async () => {
    const config = t.app.ctx.config;
    const other = createMailer(t.app.ctx, mailBodyKey(loadAppSecret(config)));
    try {
      t.mailbox.setSilent(true);
      await signUp(t, 'once@example.com');
      const first = t.app.ctx.mailer.deliverDue();
      await waitUntil('the first instance waits for a greeting', () => t.mailbox.ungreeted() === 1);

      // Well past the old 60-second claim, still inside the lease: the other instance keeps off.
      const later = claimLeaseMs(config.smtpTimeoutMs) - 1000;
      expect(later).toBeGreaterThan(60_000);
      clock += later;
      expect(await other.deliverDue()).toBe(0);
      expect(t.mailbox.connections()).toBe(1);

      t.mailbox.setSilent(false);
      expect(await first).toBe(1);
      expect(await other.deliverDue()).toBe(0);
      const mail = await t.mailbox.waitFor('once@example.com');
      expect(mail.subject).toMatch(/Confirm your email/);
      expect(t.mailbox.messages()).toHaveLength(1);
    } finally {
      await other.stop();
    }
  });
});

describe('a crash between the relay accepting a message and the row being updated', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock, startMailWorker: false, limits });
  });
  afterAll(() => t.close());

  it('repeats the message with the same Message-ID, derived from the outbox row', async () => {
    await signUp(t, 'twice@example.com');
    t.mailbox.setHolding(true);
    const pass = t.app.ctx.mailer.deliverDue();
    await waitUntil('the relay has the message', () => t.mailbox.held().length === 1);
    // What the database holds while the relay accepts: the row claimed, still pending.
    const inFlight = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(inFlight.status).toBe('pending');
    t.mailbox.setHolding(false);
    expect(await pass).toBe(1);

    // kill -9 right here: the row's update never happened.
    const { id, ...state } = inFlight;
    await t.app.ctx.db.updateTable('mail_outbox').set(state).where('id', '=', id).execute();

    // After the restart, once the dead instance's claim has run out, the row goes again.
    expect(await t.app.ctx.mailer.deliverDue()).toBe(0);
    clock += claimLeaseMs(t.app.ctx.config.smtpTimeoutMs);
    expect(await t.app.ctx.mailer.deliverDue()).toBe(1);

    const copies = t.mailbox.messages();
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toBe(`<${id}@${new URL(t.appUrl).hostname}>`);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
    expect(copies[1]!.text).toBe(copies[0]!.text);
  });
});

describe('kill -9 of a real app process after the relay accepted its message', () => {
  let t: TestApp;
  let offset = 0;
  beforeAll(async () => {
    t = await startTestApp({ now: () => Date.now() + offset, startMailWorker: false, limits });
  });
  afterAll(() => t.close());

  it('the restarted app sends the row again, as the same message', async () => {
    await signUp(t, 'killed@example.com');
    t.mailbox.setHolding(true);
    // A second app process on the same database, data directory (so the same APP_SECRET) and
    // relay; its worker takes the row at once.
    const child = spawn(process.execPath, ['--import', 'tsx', 'tests/support/app-process.ts'], {
      env: {
        ...process.env,
        DATA_DIR: t.dataDir,
        DATABASE_URL: t.databaseUrl ?? '',
        SMTP_URL: t.mailbox.url,
        APP_URL: t.appUrl,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let gone = false;
    const exited = new Promise((resolve) => child.once('exit', resolve)).then(() => {
      gone = true;
    });
    try {
      await waitUntil(
        'the child has handed the message to the relay',
        () => {
          if (gone) throw new Error('The app process ended by itself');
          return t.mailbox.held().length === 1;
        },
        60_000,
      );
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    // The relay keeps what it had accepted; the process that sent it is gone.
    t.mailbox.setHolding(false);
    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 0 });

    expect(await t.app.ctx.mailer.deliverDue()).toBe(0);
    offset = claimLeaseMs(t.app.ctx.config.smtpTimeoutMs);
    expect(await t.app.ctx.mailer.deliverDue()).toBe(1);
    const copies = t.mailbox.messages();
    expect(copies).toHaveLength(2);
    expect(copies[0]!.messageId).toBe(`<${row!.id}@${new URL(t.appUrl).hostname}>`);
    expect(copies[1]!.messageId).toBe(copies[0]!.messageId);
  }, 90_000);
});

describe('a sign-in link that expires while the relay is down', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock, startMailWorker: false, limits, captureLogs: true });
  });
  afterAll(() => t.close());

  it('is never delivered; the drop is logged, other mail goes, and a new request gets a working link', async () => {
    t.mailbox.setRejecting(true);
    await signUp(t, 'late@example.com');
    await t.app.ctx.mailer.deliverDue();
    const [row] = await outbox(t);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });

    // The outage lasts until the link has less than the margin left.
    clock += SIGNIN_TOKEN_TTL_MS - LINK_MARGIN_MS;
    await notice(t, 'other@example.com');
    t.mailbox.setRejecting(false);
    await t.app.ctx.mailer.deliverDue();

    await t.mailbox.waitFor('other@example.com');
    expect(t.mailbox.messages().flatMap((m) => m.to)).toEqual(['other@example.com']);
    const dropped = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', '=', row!.id)
      .executeTakeFirstOrThrow();
    expect(dropped).toMatchObject({ status: 'failed', body: null, last_error: EXPIRED_LINK_ERROR });
    expect(t.logs().some((l) => l.includes(row!.id) && l.includes(EXPIRED_LINK_ERROR))).toBe(true);

    // The person asks again and gets a link that works: a sign-up again, since no account was
    // made by the link that never came (decision 0078).
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'late@example.com', name: 'late' },
    });
    expect(res.status).toBe(200);
    await t.app.ctx.mailer.deliverDue();
    const mail = await t.mailbox.waitFor('late@example.com');
    const verify = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
    });
    expect(verify.status).toBe(200);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETRY_DELAYS_MS } from '../../src/server/mail/mailer';
import { request, startTestApp, type TestApp } from './support/test-app';

describe('outbox delivery over SMTP', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock, startMailWorker: false });
  });
  afterAll(() => t.close());

  const outbox = () =>
    t.app.ctx.db.selectFrom('mail_outbox').selectAll().orderBy('created_at').execute();

  it('keeps a message through an SMTP outage and delivers it when the server is back', async () => {
    t.mailbox.setRejecting(true);
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'outage@example.com', name: 'Outage' },
    });
    expect(res.status).toBe(200);
    await t.app.ctx.mailer.deliverDue();
    let [row] = await outbox();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.last_error).toMatch(/451/);
    expect(row?.next_attempt_at).toBe(clock + RETRY_DELAYS_MS[0]!);

    // Not due yet: nothing is tried.
    await t.app.ctx.mailer.deliverDue();
    [row] = await outbox();
    expect(row?.attempts).toBe(1);

    t.mailbox.setRejecting(false);
    clock += RETRY_DELAYS_MS[0]!;
    expect(await t.app.ctx.mailer.deliverDue()).toBe(1);
    [row] = await outbox();
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    const mail = await t.mailbox.waitFor('outage@example.com');
    expect(mail.text).toContain('/signin/');
  });

  it('gives up after the last retry and keeps the message as failed', async () => {
    t.mailbox.setRejecting(true);
    // A message without a link: a sign-in link would expire long before the last retry and be
    // dropped then (tests/faults/mail.test.ts).
    await t.app.ctx.mailer.enqueue(t.app.ctx.db, {
      to: 'doomed@example.com',
      subject: 'A notice',
      html: '<p>A notice.</p>',
      text: 'A notice.',
    });
    for (const delay of [0, ...RETRY_DELAYS_MS]) {
      clock += delay;
      await t.app.ctx.mailer.deliverDue();
    }
    const row = (await outbox()).find((r) => r.to_address === 'doomed@example.com');
    expect(row).toMatchObject({
      status: 'failed',
      attempts: RETRY_DELAYS_MS.length + 1,
      body: null,
    });
    t.mailbox.setRejecting(false);
  });
});

describe('outbox without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: '' } });
  });
  afterAll(() => t.close());

  it('keeps the message, lists it at /dev/mail in the local environment, and sends nothing', async () => {
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'local@example.com', name: 'Local' },
    });
    const rows = await t.app.ctx.db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'logged', to_address: 'local@example.com' });
    const list = await request(t.baseUrl, 'GET', '/dev/mail');
    expect(list.status).toBe(200);
    expect(String(list.body)).toContain('local@example.com');
    const one = await request(t.baseUrl, 'GET', `/dev/mail/${rows[0]!.id}`);
    expect(String(one.body)).toContain('/signin/');
    expect(t.mailbox.messages()).toHaveLength(0);
  });
});

describe('/dev/mail outside the local environment', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SMTP_URL: '', APP_ENV: 'production' } });
  });
  afterAll(() => t.close());

  it('does not exist', async () => {
    expect((await request(t.baseUrl, 'GET', '/dev/mail')).status).toBe(404);
  });
});

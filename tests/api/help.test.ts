import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELP_MESSAGE_ERROR } from '../../src/shared/schemas/reports';
import { request, startTestApp, type TestApp } from './support/test-app';

/*
 * The help panel's contact form (issue 10): POST /api/reports/help reaches SUPPORT_EMAIL through
 * the outbox, with the sender as Reply-To, validated by the shared schema and rate-limited.
 */
describe('help panel messages', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SUPPORT_EMAIL: 'support@plansmith.example' } });
  });
  afterAll(() => t.close());

  const send = (json: unknown) => request(t.baseUrl, 'POST', '/api/reports/help', { json });

  it('e-mails the message to support with the sender as Reply-To', async () => {
    const since = Date.now();
    const res = await send({
      email: ' Asker@Example.com ',
      message: 'How do I invite my designer?\nThanks',
      url: '/dashboard/',
    });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor('support@plansmith.example', { since });
    expect(mail.subject).toBe('Help request from asker@example.com');
    expect(mail.replyTo).toBe('asker@example.com');
    expect(mail.text).toContain('How do I invite my designer?');
    expect(mail.text).toContain('/dashboard/');
    const row = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['reply_to', 'status'])
      .where('to_address', '=', 'support@plansmith.example')
      .executeTakeFirstOrThrow();
    expect(row.reply_to).toBe('asker@example.com');
  });

  it('refuses a bad address or an empty message with the form’s words', async () => {
    const noEmail = await send({ email: 'nope', message: 'hi' });
    expect(noEmail.status).toBe(400);
    expect((noEmail.body as { message: string }).message).toBe(
      'Please enter a valid email address.',
    );
    const empty = await send({ email: 'a@example.com', message: '  ' });
    expect(empty.status).toBe(400);
    expect((empty.body as { message: string }).message).toBe(HELP_MESSAGE_ERROR);
  });

  it('answers 429 after a handful of messages from one client', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await send({ email: 'flood@example.com', message: `m${i}` })).status);
    // Five requests per ten minutes, counting the earlier tests' three: two more pass.
    expect(statuses).toEqual([200, 200, 429, 429, 429, 429]);
  });
});

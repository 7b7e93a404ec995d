import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_REPORTS_KEPT_MS, reportsHousekeeping } from '../../src/server/reports/housekeeping';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';

const DAY = 24 * 60 * 60 * 1000;

describe('error reports and feedback', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { SUPPORT_EMAIL: 'help@plansmith.example' } });
  });
  afterAll(() => t.close());

  it('stores a browser error and answers its event id', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/reports/error', {
      json: { message: 'Boom', stack: 'Error: Boom\n  at x', url: `${t.appUrl}/dashboard/` },
    });
    expect(res.status).toBe(200);
    const { eventId } = res.body as { eventId: string };
    const row = await t.app.ctx.db
      .selectFrom('error_reports')
      .selectAll()
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'client', message: 'Boom', url: `${t.appUrl}/dashboard/` });
    expect(row.request_id).toBeTruthy();
  });

  it('refuses oversized or malformed reports with a readable 400', async () => {
    const big = await request(t.baseUrl, 'POST', '/api/reports/error', {
      json: { message: 'x'.repeat(5000) },
    });
    expect(big.status).toBe(400);
    expect((big.body as { message: string }).message).toMatch(/message/);
    const wrong = await request(t.baseUrl, 'POST', '/api/reports/error', { json: { message: 42 } });
    expect(wrong.status).toBe(400);
  });

  it('stores feedback and e-mails it to the support address', async () => {
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/reports/feedback', {
      json: {
        email: 'Homeowner@Example.com',
        message: 'The page broke when I opened my proposal.\nSecond line.',
        eventId: 'abc-123',
        url: '/proposal/1/',
      },
    });
    expect(res.status).toBe(200);
    const row = await t.app.ctx.db.selectFrom('feedback').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'homeowner@example.com', event_id: 'abc-123' });
    const mail = await t.mailbox.waitFor('help@plansmith.example', { since });
    expect(mail.text).toContain('The page broke when I opened my proposal.');
    expect(mail.text).toContain('homeowner@example.com');
    expect(mail.text).toContain('abc-123');
    expect(mail.html).toContain('Second line.');
  });

  it('validates feedback with the form messages', async () => {
    const noEmail = await request(t.baseUrl, 'POST', '/api/reports/feedback', {
      json: { email: 'nope', message: 'hi' },
    });
    expect((noEmail.body as { message: string }).message).toBe(
      'Please enter a valid email address.',
    );
    const noMessage = await request(t.baseUrl, 'POST', '/api/reports/feedback', {
      json: { email: 'a@example.com', message: '   ' },
    });
    expect((noMessage.body as { message: string }).message).toBe('Please tell us what happened.');
  });

  it('a server error is logged with its request id and stored as a report', async () => {
    const { storeServerError } = await import('../../src/server/reports/service');
    await storeServerError(t.app.ctx, new Error('db exploded'), 'req-1', '/api/x');
    const row = await t.app.ctx.db
      .selectFrom('error_reports')
      .selectAll()
      .where('request_id', '=', 'req-1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ source: 'server', message: 'db exploded', url: '/api/x' });
  });
});

describe('how long error reports are kept', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 1);
  beforeAll(async () => {
    t = await startTestApp({ now: () => clock });
  });
  afterAll(() => t.close());

  const report = async (message: string) => {
    const res = await request(t.baseUrl, 'POST', '/api/reports/error', { json: { message } });
    expect(res.status).toBe(200);
  };
  const kept = async () =>
    (await t.app.ctx.db.selectFrom('error_reports').select('message').execute()).map(
      (row) => row.message,
    );

  it(`keeps a report ${ERROR_REPORTS_KEPT_MS / DAY} days, then the daily housekeeping removes it`, async () => {
    await report('Old one');
    clock += ERROR_REPORTS_KEPT_MS - DAY;
    await report('Recent one');
    await reportsHousekeeping.run(t.app.ctx);
    expect((await kept()).sort()).toEqual(['Old one', 'Recent one']);

    clock += DAY + 1;
    await reportsHousekeeping.run(t.app.ctx);
    expect(await kept()).toEqual(['Recent one']);
  });
});

describe('reports and messages from nobody signed in are bounded by the hour, all together', () => {
  let t: TestApp;
  let clock = Date.UTC(2026, 0, 1);
  const HOUR = 60 * 60 * 1000;
  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      env: { SUPPORT_EMAIL: 'help@plansmith.example' },
      limits: { clientErrorsPerHour: 2, supportMessagesPerHour: 1 },
    });
  });
  afterAll(() => t.close());

  const report = (message: string, jar?: TestUser['jar']) =>
    request(t.baseUrl, 'POST', '/api/reports/error', { json: { message }, jar });
  const kept = async () =>
    (await t.app.ctx.db.selectFrom('error_reports').select('message').execute())
      .map((row) => row.message)
      .sort();

  it('keeps error reports up to the bound, then says so; the signed-in and the server go on', async () => {
    // The server's own errors are not counted against browsers.
    const { storeServerError } = await import('../../src/server/reports/service');
    await storeServerError(t.app.ctx, new Error('db exploded'), 'req-2', '/api/x');
    expect((await report('One')).status).toBe(200);
    expect((await report('Two')).status).toBe(200);
    const third = await report('Three');
    expect(third.status).toBe(429);
    expect((third.body as { message: string }).message).toBe(
      'We are receiving too many error reports right now. Please try again later.',
    );
    await storeServerError(t.app.ctx, new Error('db exploded again'), 'req-3', '/api/x');
    const ann = await signedInUser(t, 'ann.reports@example.com');
    expect((await report('Signed in', ann.jar)).status).toBe(200);
    expect(await kept()).toEqual(['One', 'Signed in', 'Two', 'db exploded', 'db exploded again']);

    clock += HOUR + 1;
    expect((await report('Four')).status).toBe(200);
  });

  it('sends support messages up to the bound, then points to the support address', async () => {
    const since = Date.now();
    const feedback = (message: string, jar?: TestUser['jar']) =>
      request(t.baseUrl, 'POST', '/api/reports/feedback', {
        json: { email: 'ann@example.com', message },
        jar,
      });
    expect((await feedback('First')).status).toBe(200);
    const help = await request(t.baseUrl, 'POST', '/api/reports/help', {
      json: { email: 'bob@example.com', message: 'Second', url: '/dashboard/' },
    });
    expect(help.status).toBe(429);
    expect((help.body as { message: string }).message).toBe(
      'We are receiving too many messages right now. Please write to help@plansmith.example instead.',
    );
    const mail = await t.mailbox.waitFor('help@plansmith.example', { since });
    expect(mail.text).toContain('First');
    // Someone signed in still reaches support.
    const cal = await signedInUser(t, 'cal.reports@example.com');
    expect((await feedback('From Cal', cal.jar)).status).toBe(200);
    const messages = await t.app.ctx.db.selectFrom('feedback').select('message').execute();
    expect(messages.map((row) => row.message).sort()).toEqual(['First', 'From Cal']);

    clock += HOUR + 1;
    expect((await feedback('Third')).status).toBe(200);
  });
});

describe('a signed-in person’s reports and messages are counted per person, whatever the address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: { SUPPORT_EMAIL: 'help@plansmith.example', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(() => t.close());
  // Each request from an address of its own, as from a pool of proxies.
  const from = (i: number) => ({ 'x-forwarded-for': `203.0.113.${i + 1}` });

  it('help and feedback messages: five per person in ten minutes', async () => {
    const ann = await signedInUser(t, 'ann.many-addresses@example.com');
    const help = (i: number) =>
      request(t.baseUrl, 'POST', '/api/reports/help', {
        json: { email: 'ann@example.com', message: `Question ${i}` },
        jar: ann.jar,
        headers: from(i),
      });
    for (let i = 0; i < 5; i++) expect((await help(i)).status).toBe(200);
    expect((await help(5)).status).toBe(429);
    const feedback = (i: number) =>
      request(t.baseUrl, 'POST', '/api/reports/feedback', {
        json: { email: 'ann@example.com', message: `Feedback ${i}` },
        jar: ann.jar,
        headers: from(10 + i),
      });
    for (let i = 0; i < 5; i++) expect((await feedback(i)).status).toBe(200);
    expect((await feedback(5)).status).toBe(429);
    // Someone else signed in, from one of those addresses, still reaches support.
    const bob = await signedInUser(t, 'bob.many-addresses@example.com');
    const bobs = await request(t.baseUrl, 'POST', '/api/reports/help', {
      json: { email: 'bob@example.com', message: 'Hello' },
      jar: bob.jar,
      headers: from(0),
    });
    expect(bobs.status).toBe(200);
  });

  it('error reports: thirty per person a minute', async () => {
    const cal = await signedInUser(t, 'cal.many-addresses@example.com');
    const report = (i: number) =>
      request(t.baseUrl, 'POST', '/api/reports/error', {
        json: { message: `Error ${i}` },
        jar: cal.jar,
        headers: from(100 + i),
      });
    for (let i = 0; i < 30; i++) expect((await report(i)).status).toBe(200);
    expect((await report(30)).status).toBe(429);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVENT_RULES } from '../../src/server/analytics/event-map';
import { ANALYTICS_RETENTION_MS, deleteOldEvents } from '../../src/server/analytics/record';
import { sendProposal } from './support/signing';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import { png } from './support/uploads';
import {
  createProposal,
  proposalInput,
  signedInUser,
  tokenFromMail,
  verifyMailedLink,
  type TestUser,
} from './support/users';

/*
 * Product events recorded on the server (decision 0011): one row per successful state-changing
 * request of event-map.ts, with the user id and ids only: no e-mail, no text a person typed.
 */
describe('analytics events', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'analytics.owner@example.com');
  });
  afterAll(() => t.close());

  const rows = () =>
    t.app.ctx.db.selectFrom('analytics_events').selectAll().orderBy('created_at').execute();

  /** Events are written after the response: wait until `count` rows named `name` exist. */
  async function waitForEvents(name: string, count = 1) {
    await expect
      .poll(async () => (await rows()).filter((r) => r.name === name).length, { timeout: 15_000 })
      .toBeGreaterThanOrEqual(count);
    return (await rows()).filter((r) => r.name === name);
  }

  it('records sign-up, sign-in, create and send with the user id and ids only', async () => {
    const [signedUp] = await waitForEvents('signed_up');
    expect(signedUp).toMatchObject({ user_id: owner.id });
    expect(JSON.parse(signedUp!.properties)).toEqual({ role: 'contractor' });
    const [signedIn] = await waitForEvents('signed_in');
    expect(signedIn).toMatchObject({ user_id: owner.id });

    const id = await createProposal(t, owner, proposalInput({ projectName: 'Secret Street job' }));
    const res = await sendProposal(t, owner, {
      proposalId: id,
      to: 'hana.private@example.com',
      homeownersName: 'Hana Private',
      message: 'A very personal message',
    });
    expect(res.status).toBe(200);

    const [created] = await waitForEvents('proposal_created');
    expect(created).toMatchObject({ user_id: owner.id });
    expect(JSON.parse(created!.properties)).toEqual({ proposalId: id, role: 'contractor' });
    const [sent] = await waitForEvents('proposal_sent');
    expect(sent).toMatchObject({ user_id: owner.id });
    expect(JSON.parse(sent!.properties)).toEqual({ proposalId: id, role: 'contractor' });

    // Nothing personal beyond the user id: no address, name or typed text anywhere in the table.
    const dump = JSON.stringify(await rows()).toLowerCase();
    for (const secret of ['@example.com', 'hana', 'personal', 'secret street', 'casey'])
      expect(dump).not.toContain(secret);
  });

  it('records nothing for refused requests or reads', async () => {
    const before = (await rows()).length;
    const refused = await sendProposal(t, owner, {
      proposalId: '00000000-0000-4000-8000-000000000000',
      to: 'x@example.com',
    });
    expect(refused.status).toBe(404);
    const anonymous = await request(t.baseUrl, 'PUT', `/api/proposal/${refused.status}`, {
      json: {},
    });
    expect(anonymous.status).toBeGreaterThanOrEqual(400);
    await request(t.baseUrl, 'GET', '/api/proposal/', { cookie: owner.cookie });
    // A later, successful event proves the earlier requests had their chance to be written.
    await request(t.baseUrl, 'POST', '/api/authorization/logout', { cookie: owner.cookie });
    await waitForEvents('signed_out');
    expect((await rows()).length).toBe(before + 1);
  });

  it('counts a sign-up when its link is opened, one that brought a logo too', async () => {
    const before = (await waitForEvents('signed_up')).length;
    const form = new FormData();
    form.append('email', 'analytics.logo@example.com');
    form.append('name', 'Logo Pro');
    form.append('logo', new Blob([new Uint8Array(await png())]), 'brand.png');
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', { body: form });
    expect(res.status).toBe(200);
    // A sign-up makes no account until its link is opened (decision 0078), so no event yet; a
    // later event proves the sign-up had its chance to be written.
    const outs = (await rows()).filter((r) => r.name === 'signed_out').length;
    await request(t.baseUrl, 'POST', '/api/authorization/logout', {});
    await waitForEvents('signed_out', outs + 1);
    expect(await waitForEvents('signed_up')).toHaveLength(before);

    const jar = cookieJar();
    await verifyMailedLink(t, 'analytics.logo@example.com', since, jar);
    const made = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'analytics.logo@example.com')
      .executeTakeFirstOrThrow();
    const signedUp = await waitForEvents('signed_up', before + 1);
    expect(signedUp.at(-1)).toMatchObject({ user_id: made.id });
  });

  it('a sign-up link opened after the account was made records a sign-in only', async () => {
    const email = 'analytics.twice@example.com';
    const signUp = async () => {
      const since = Date.now();
      await request(t.baseUrl, 'POST', '/api/authorization/signup', {
        json: { email, name: 'Twice', phoneNumber: '', companyName: '' },
      });
      return (await t.mailbox.waitFor(email, { since })).text;
    };
    const first = tokenFromMail(await signUp());
    const second = tokenFromMail(await signUp());
    const count = async (name: string) => (await rows()).filter((r) => r.name === name).length;
    const [ups, ins] = [await count('signed_up'), await count('signed_in')];
    const open = (token: string) =>
      request(t.baseUrl, 'POST', '/api/authorization/verify/', { json: { token } });
    // The first link opened makes the account: a sign-up and a sign-in.
    expect((await open(first)).status).toBe(200);
    await waitForEvents('signed_in', ins + 1);
    // The second finds it made: a sign-in only.
    expect((await open(second)).status).toBe(200);
    await waitForEvents('signed_in', ins + 2);
    expect(await count('signed_up')).toBe(ups + 1);
  });

  it('names only routes the app has, so a renamed route cannot silently stop its event', () => {
    for (const key of Object.keys(EVENT_RULES)) {
      const [method, url] = key.split(' ') as ['POST' | 'PUT' | 'DELETE', string];
      const known =
        t.app.hasRoute({ method, url }) || t.app.hasRoute({ method, url: url.replace(/\/$/, '') });
      expect(known, key).toBe(true);
    }
  });

  it('housekeeping deletes events older than the retention', async () => {
    const now = Date.now();
    await t.app.ctx.db
      .insertInto('analytics_events')
      .values([
        {
          id: crypto.randomUUID(),
          name: 'old',
          user_id: null,
          properties: '{}',
          created_at: now - ANALYTICS_RETENTION_MS - 1000,
        },
        {
          id: crypto.randomUUID(),
          name: 'recent',
          user_id: null,
          properties: '{}',
          created_at: now - ANALYTICS_RETENTION_MS + 60_000,
        },
      ])
      .execute();
    expect(await deleteOldEvents(t.app.ctx)).toBe(1);
    const names = (await rows()).map((r) => r.name);
    expect(names).toContain('recent');
    expect(names).not.toContain('old');
  });
});

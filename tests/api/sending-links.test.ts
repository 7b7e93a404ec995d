import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_LINK_TTL_MS, SIGNIN_TOKEN_TTL_MS } from '../../src/shared/constants';
import { deleteExpired, PROPOSAL_LINK_RENEWABLE_MS } from '../../src/server/auth/repository';
import { messageOf, sendProposal } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, signedInUser, tokenFromMail, type TestUser } from './support/users';

/*
 * The proposal link e-mailed on send: 14 days, once; after that the 'old link' page trades it for
 * a fresh one (POST /api/authorization/renew), which says nothing about the token it was given.
 * Sign-in links keep their hour.
 */

const DAY = 24 * 60 * 60 * 1000;
const OLD_LINK = 'This login link has expired or was already used. Request a new link to login.';

describe('proposal links: once, 14 days, renewable', () => {
  let t: TestApp;
  let clock = Date.now();
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 3, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  const verify = (token: string) =>
    request<{ redirect: string }>(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
  const renew = (token: unknown) =>
    request(t.baseUrl, 'POST', '/api/authorization/renew', { json: { token } });

  async function sendTo(email: string) {
    const id = await createProposal(t, owner);
    const since = Date.now();
    const res = await sendProposal(t, owner, { proposalId: id, to: email });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor(email, { since });
    return { id, token: tokenFromMail(mail.text) };
  }

  it('works once: the second click is the old-link 403', async () => {
    const { id, token } = await sendTo('once@example.com');
    const first = await verify(token);
    expect(first.status).toBe(200);
    expect(first.body.redirect).toBe(`/proposal/received/${id}/`);
    const second = await verify(token);
    expect(second.status).toBe(403);
    expect(messageOf(second)).toBe(OLD_LINK);
  });

  it('lasts 14 days, not the hour of a sign-in link', async () => {
    const start = clock;
    try {
      const early = await sendTo('day13@example.com');
      clock = start + SIGNIN_TOKEN_TTL_MS + 60_000;
      expect((await verify(early.token)).status).toBe(200);

      clock = start;
      const late = await sendTo('day15@example.com');
      clock = start + PROPOSAL_LINK_TTL_MS - 1000;
      const stillValid = await sendTo('edge@example.com');
      clock = start + PROPOSAL_LINK_TTL_MS + 1000;
      const expired = await verify(late.token);
      expect(expired.status).toBe(403);
      expect(messageOf(expired)).toBe(OLD_LINK);
      expect((await verify(stillValid.token)).status).toBe(200);
    } finally {
      clock = start;
    }
  });

  it('an expired link is renewed: a fresh 14-day link to the same person opens the same proposal', async () => {
    const start = clock;
    try {
      const { id, token } = await sendTo('renew@example.com');
      clock = start + PROPOSAL_LINK_TTL_MS + DAY;
      expect((await verify(token)).status).toBe(403);
      const since = Date.now();
      const res = await renew(token);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ok: true, sent: true });
      const mail = await t.mailbox.waitFor('renew@example.com', { since });
      expect(mail.subject).toBe('Your new link to the proposal');
      expect(mail.text).toContain('View your proposal');
      const fresh = tokenFromMail(mail.text);
      expect(fresh).not.toBe(token);
      const stored = await t.app.ctx.db
        .selectFrom('login_tokens')
        .selectAll()
        .where('proposal_id', '=', id)
        .where('expires_at', '>', clock)
        .execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]!.expires_at).toBe(clock + PROPOSAL_LINK_TTL_MS);
      const opened = await verify(fresh);
      expect(opened.status).toBe(200);
      expect(opened.body.redirect).toBe(`/proposal/received/${id}/`);
      // A used link is renewable too (the same page follows a second click).
      const since2 = Date.now();
      expect((await renew(token)).status).toBe(200);
      await t.mailbox.waitFor('renew@example.com', { since: since2 });
    } finally {
      clock = start;
    }
  });

  /** Messages queued for an address: written with the change, so no waiting is needed. */
  const outboxCount = async (to: string) =>
    (
      await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', to)
        .execute()
    ).length;

  it('says nothing was sent for unknown tokens and sign-in links, and e-mails nobody', async () => {
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'owner@example.com' },
    });
    const signinMail = await t.mailbox.waitFor('owner@example.com', { since });
    const before = await outboxCount('owner@example.com');
    const total = t.app.ctx.db.selectFrom('mail_outbox').select('id');
    const all = (await total.execute()).length;
    for (const token of ['A'.repeat(43), tokenFromMail(signinMail.text)]) {
      const res = await renew(token);
      expect(res.status).toBe(200);
      // Only what happened; the address is never named (issue 10).
      expect(res.body).toEqual({ ok: true, sent: false });
    }
    expect(await outboxCount('owner@example.com')).toBe(before);
    expect((await total.execute()).length).toBe(all);
  });

  it('refuses a malformed token with 400', async () => {
    for (const token of ['short', 'has spaces in it and is long enough', 42, undefined]) {
      const res = await renew(token);
      expect(res.status).toBe(400);
    }
  });

  it('sends nothing once the person is no longer a member', async () => {
    const { id, token } = await sendTo('removed@example.com');
    await sendProposal(t, owner, { proposalId: id, to: 'replacement@example.com' });
    const before = await outboxCount('removed@example.com');
    expect((await renew(token)).status).toBe(200);
    expect(await outboxCount('removed@example.com')).toBe(before);
  });

  it('a renewal racing the member’s removal leaves no working link to the removed person', async () => {
    for (let round = 0; round < 4; round++) {
      const email = `removed.race${round}@example.com`;
      const { id, token } = await sendTo(email);
      const member = await t.app.ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      const [renewed, removed] = await Promise.all([
        request<{ sent: boolean }>(t.baseUrl, 'POST', '/api/authorization/renew', {
          json: { token },
        }),
        request(t.baseUrl, 'DELETE', `/api/proposal/${id}/members/${member.id}`, {
          cookie: owner.cookie,
        }),
      ]);
      expect([renewed.status, removed.status]).toEqual([200, 200]);
      const unused = await t.app.ctx.db
        .selectFrom('login_tokens')
        .select('token_hash')
        .where('proposal_id', '=', id)
        .where('user_id', '=', member.id)
        .where('used_at', 'is', null)
        .execute();
      // Whichever came first, the removed person holds no unused link to the proposal.
      expect(unused).toEqual([]);
    }
  });

  it('is limited like sign-in e-mails (here 3 per address an hour)', async () => {
    const { token } = await sendTo('limited@example.com');
    for (let i = 0; i < 3; i++) expect((await renew(token)).status).toBe(200);
    const over = await renew(token);
    expect(over.status).toBe(429);
    expect(messageOf(over)).toMatch(
      /^We have already sent several login links to this address in the last hour\. Use the newest one in your inbox, or wait \d+ minutes? to ask for another\.$/,
    );
    // An unknown token is sent nothing, so it counts against the client IP only (decision 0082).
    const unknown = 'B'.repeat(43);
    for (let i = 0; i < 4; i++)
      expect((await renew(unknown)).body).toEqual({ ok: true, sent: false });
  });

  it('housekeeping keeps expired proposal links renewable for months, sign-in links a day', async () => {
    const { token } = await sendTo('kept@example.com');
    const now = clock + PROPOSAL_LINK_TTL_MS + 30 * DAY;
    await deleteExpired(t.app.ctx.db, now, t.app.ctx.limits.authEmailWindowMs);
    const since = Date.now();
    expect((await renew(token)).status).toBe(200);
    await t.mailbox.waitFor('kept@example.com', { since });

    const later = clock + PROPOSAL_LINK_TTL_MS + PROPOSAL_LINK_RENEWABLE_MS + DAY;
    await deleteExpired(t.app.ctx.db, later, t.app.ctx.limits.authEmailWindowMs);
    const left = await t.app.ctx.db
      .selectFrom('login_tokens')
      .select('token_hash')
      .where('expires_at', '<', later - PROPOSAL_LINK_RENEWABLE_MS)
      .execute();
    expect(left).toEqual([]);
  });
});

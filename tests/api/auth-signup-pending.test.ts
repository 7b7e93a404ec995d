import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteExpired } from '../../src/server/auth/repository';
import { runProposalHousekeeping } from '../../src/server/proposals/housekeeping';
import { png } from './support/uploads';
import { sendProposal } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, tokenFromMail } from './support/users';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/*
 * Decision 0078: a sign-up makes no account until the link it e-mailed is opened, so a stranger
 * who signs up someone else's address decides nothing about it: not its role, not its name.
 */
describe('a sign-up waits for its link', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
  });
  afterAll(() => t.close());

  const signUp = (email: string, name: string, companyName = '') =>
    request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email, name, phoneNumber: '555-0100', companyName },
    });

  /** Signs up and gives back the token of the link it e-mailed. */
  async function signUpLink(email: string, name: string, companyName = ''): Promise<string> {
    const since = Date.now();
    expect((await signUp(email, name, companyName)).status).toBe(200);
    return tokenFromMail((await t.mailbox.waitFor(email, { since })).text);
  }

  const open = (token: string) =>
    request(t.baseUrl, 'POST', '/api/authorization/verify/', { json: { token } });

  const account = (email: string) =>
    t.app.ctx.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

  type Me = { user: { name: string; companyName: string; role: string; email: string } };

  it('makes the account when its link is opened, with what the sign-up said', async () => {
    const token = await signUpLink('waiting@example.com', 'Wanda Waits', 'Waits & Co');
    expect(await account('waiting@example.com')).toBeUndefined();
    // No account yet: a sign-in is told so, as for any unknown address.
    const signin = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'waiting@example.com' },
    });
    expect(signin.status).toBe(401);
    // The link's token is kept hashed, as a sign-in link's is.
    const pending = await t.app.ctx.db.selectFrom('pending_signups').selectAll().execute();
    expect(JSON.stringify(pending)).toContain('waiting@example.com');
    expect(JSON.stringify(pending)).not.toContain(token);

    const opened = await open(token);
    expect(opened.status).toBe(200);
    expect((opened.body as Me).user).toMatchObject({
      email: 'waiting@example.com',
      name: 'Wanda Waits',
      companyName: 'Waits & Co',
      role: 'contractor',
    });
    expect(await account('waiting@example.com')).toMatchObject({ name: 'Wanda Waits' });
    // Once only, as any link.
    expect((await open(token)).status).toBe(403);
  });

  it("a stranger's sign-up for a homeowner's address does not stop a proposal being sent there", async () => {
    const strangers = await signUpLink('hana.pending@example.com', 'Mallory', 'Scam Co');
    const owner = await signedInUser(t, 'sender.pending@example.com');
    const proposalId = await createProposal(t, owner, proposalInput());
    const sent = await sendProposal(t, owner, {
      proposalId,
      to: 'hana.pending@example.com',
      homeownersName: 'Hana',
    });
    expect(sent.status).toBe(200);
    // Not the stranger's 'Mallory'; nor the sender's 'Hana', which names her on that proposal
    // only (decision 0087).
    expect(await account('hana.pending@example.com')).toMatchObject({
      role: 'homeowner',
      name: '',
    });
    // Decision 0093: a homeowner's account becomes a contractor's when a contractor's sign-up
    // link to it is opened, so Hana opening the stranger's unasked e-mail gets the details typed
    // in it, as anyone opening such an e-mail for a new address does (decision 0078). She still
    // holds the proposal sent to her, under its sender's name for her (decision 0087).
    const opened = await open(strangers);
    expect(opened.status).toBe(200);
    expect((opened.body as Me).user).toMatchObject({ role: 'contractor', name: 'Mallory' });
    expect(opened.body).not.toHaveProperty('signupAsHomeowner');
    const hana = await account('hana.pending@example.com');
    const member = await t.app.ctx.db
      .selectFrom('proposal_members')
      .select(['role', 'name_on_proposal'])
      .where('proposal_id', '=', proposalId)
      .where('user_id', '=', hana!.id)
      .executeTakeFirst();
    expect(member).toEqual({ role: 'homeowner', name_on_proposal: 'Hana' });
  });

  it('the person who proves the address gets the account in their own words', async () => {
    const strangers = await signUpLink('dana.pending@example.com', 'Mallory', 'Scam Co');
    // Not 'Email is already associated with another account': nobody owns it yet.
    const danas = await signUpLink('dana.pending@example.com', 'Dana Real', 'Real Builds');
    const opened = await open(danas);
    expect(opened.status).toBe(200);
    expect((opened.body as Me).user).toMatchObject({
      name: 'Dana Real',
      companyName: 'Real Builds',
    });
    // The stranger's link, opened in Dana's mailbox later, changes nothing.
    const late = await open(strangers);
    expect(late.status).toBe(200);
    expect((late.body as Me).user).toMatchObject({ name: 'Dana Real', companyName: 'Real Builds' });
    const rows = await t.app.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'dana.pending@example.com')
      .execute();
    expect(rows).toEqual([{ name: 'Dana Real' }]);
    // From now on the address is taken.
    const again = await signUp('dana.pending@example.com', 'Mallory');
    expect(again.status).toBe(400);
    expect((again.body as { message: string }).message).toBe(
      'Email is already associated with another account',
    );
  });

  it('two clicks at once on a sign-up link make one account and one session', async () => {
    const token = await signUpLink('twice.pending@example.com', 'Twice');
    const results = await Promise.all([1, 2, 3].map(() => open(token)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 403, 403]);
    const rows = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'twice.pending@example.com')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('an unopened sign-up makes nothing and goes a day after its link expired', async () => {
    const token = await signUpLink('never.opened@example.com', 'Never');
    clock += HOUR + 1000;
    try {
      expect((await open(token)).status).toBe(403);
      expect(await account('never.opened@example.com')).toBeUndefined();
      const left = () =>
        t.app.ctx.db
          .selectFrom('pending_signups')
          .select('email')
          .where('email', '=', 'never.opened@example.com')
          .execute();
      // Kept while the old-link page can still send it again (decision 0078)...
      await deleteExpired(t.app.ctx.db, clock + DAY - 2000, HOUR);
      expect(await left()).toHaveLength(1);
      // ...and gone after.
      await deleteExpired(t.app.ctx.db, clock + DAY, HOUR);
      expect(await left()).toEqual([]);
    } finally {
      clock -= HOUR + 1000;
    }
  });

  it('a sign-up opened the next day is sent again after housekeeping, logo and all (review 23, F2)', async () => {
    const form = new FormData();
    form.append('email', 'next.morning@example.com');
    form.append('name', 'Nora Morning');
    form.append('companyName', 'Morning Builds');
    form.append('logo', new Blob([new Uint8Array(await png())]), 'logo.png');
    const since = Date.now();
    const signedUp = await request(t.baseUrl, 'POST', '/api/authorization/signup', { body: form });
    expect(signedUp.status).toBe(200);
    const old = tokenFromMail(
      (await t.mailbox.waitFor('next.morning@example.com', { since })).text,
    );
    // Past the day an unused upload is kept for, with both housekeepings run as every hour.
    const later = DAY + 30 * 60 * 1000;
    clock += later;
    try {
      await deleteExpired(t.app.ctx.db, clock, HOUR);
      const since2 = Date.now();
      const renewed = await request(t.baseUrl, 'POST', '/api/authorization/renew', {
        json: { token: old },
      });
      expect(renewed.body).toEqual({ ok: true, sent: true });
      await deleteExpired(t.app.ctx.db, clock, HOUR);
      await runProposalHousekeeping(t.app.ctx);
      const mail = await t.mailbox.waitFor('next.morning@example.com', { since: since2 });
      const opened = await open(tokenFromMail(mail.text));
      expect(opened.status).toBe(200);
      const { user } = opened.body as Me & { user: { companyLogo: string | null } };
      expect(user).toMatchObject({ name: 'Nora Morning', companyName: 'Morning Builds' });
      expect(user.companyLogo).toEqual(expect.any(String));
      const logo = await request(t.baseUrl, 'GET', user.companyLogo ?? '');
      expect(logo.status).toBe(200);
    } finally {
      clock -= later;
    }
  });

  it("an expired sign-up's link asks for a new one from the old-link page, same sign-up", async () => {
    const old = await signUpLink('late.opener@example.com', 'Lee Late', 'Late Builds');
    clock += HOUR + 1000;
    try {
      expect((await open(old)).status).toBe(403);
      const since = Date.now();
      const renewed = await request(t.baseUrl, 'POST', '/api/authorization/renew', {
        json: { token: old },
      });
      expect(renewed.body).toEqual({ ok: true, sent: true });
      const mail = await t.mailbox.waitFor('late.opener@example.com', { since });
      expect(mail.subject).toBe('Confirm your email for Plansmith');
      const opened = await open(tokenFromMail(mail.text));
      expect(opened.status).toBe(200);
      expect((opened.body as Me).user).toMatchObject({
        name: 'Lee Late',
        companyName: 'Late Builds',
      });
      // The old link is spent for good: asked again, nothing is sent.
      const again = await request(t.baseUrl, 'POST', '/api/authorization/renew', {
        json: { token: old },
      });
      expect(again.body).toEqual({ ok: true, sent: false });
    } finally {
      clock -= HOUR + 1000;
    }
  });

  it('a sign-up with two files is refused with 400, saying one logo', async () => {
    const form = new FormData();
    form.append('email', 'two.logos@example.com');
    form.append('name', 'Two Logos');
    const image = new Blob([new Uint8Array(await png())]);
    form.append('logo', image, 'a.png');
    form.append('logo', image, 'b.png');
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', { body: form });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'Only one company logo can be uploaded.',
    );
  });

  it('an address an invitation made an account for can still sign up as a contractor, keeping its invitations', async () => {
    const owner = await signedInUser(t, 'inviter.pending@example.com');
    const proposalId = await createProposal(t, owner, proposalInput());
    const beforeInvite = Date.now();
    const invited = await request(t.baseUrl, 'POST', `/api/proposal/${proposalId}/invite`, {
      json: { inviteeEmail: 'ari.architect@example.com' },
      cookie: owner.cookie,
    });
    expect(invited.status).toBe(200);
    expect(await account('ari.architect@example.com')).toMatchObject({ role: 'homeowner' });
    // The invitation is delivered first, so that the next e-mail there is the sign-up's.
    await t.mailbox.waitFor('ari.architect@example.com', { since: beforeInvite });

    const token = await signUpLink('ari.architect@example.com', 'Ari Architect', 'Ari Studio');
    // Until the link is opened, the account is as the invitation made it.
    expect(await account('ari.architect@example.com')).toMatchObject({
      role: 'homeowner',
      name: '',
    });
    const opened = await open(token);
    expect(opened.status).toBe(200);
    expect((opened.body as Me).user).toMatchObject({
      email: 'ari.architect@example.com',
      name: 'Ari Architect',
      companyName: 'Ari Studio',
      role: 'contractor',
    });
    const ari = await account('ari.architect@example.com');
    const membership = await t.app.ctx.db
      .selectFrom('proposal_members')
      .select('role')
      .where('proposal_id', '=', proposalId)
      .where('user_id', '=', ari!.id)
      .executeTakeFirst();
    expect(membership).toEqual({ role: 'invitee' });
  });

  // Decision 0093 (it was refused as taken before): the sign-up is taken, and changes nothing
  // until its link is opened (tests/api/roles-per-proposal.test.ts opens it).
  it("a proposal's homeowner may sign up as a contractor; nothing changes before the link", async () => {
    const owner = await signedInUser(t, 'sender.taken@example.com');
    const proposalId = await createProposal(t, owner, proposalInput());
    const sent = await sendProposal(t, owner, {
      proposalId,
      to: 'hana.taken@example.com',
      homeownersName: 'Hana',
    });
    expect(sent.status).toBe(200);
    const taken = await signUp('hana.taken@example.com', 'Mallory', 'Scam Co');
    expect(taken.status).toBe(200);
    // Not renamed 'Mallory' (nameless since the send: decision 0087), nor made a contractor.
    expect(await account('hana.taken@example.com')).toMatchObject({
      role: 'homeowner',
      name: '',
    });
  });
});

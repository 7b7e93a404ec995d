import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROPOSAL_LINK_TTL_MS } from '../../src/shared/constants';
import { EMAIL_ERROR, NAME_ERROR } from '../../src/shared/schemas/auth';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import {
  ONLY_CONTRACTORS_SEND,
  SEND_TO_SELF,
  sendReplySchema,
} from '../../src/shared/schemas/sending';
import { messageOf, openMailedLink, sendProposal } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  asInput,
  createProposal,
  signedInUser,
  tokenFromMail,
  type TestUser,
} from './support/users';

/*
 * POST /api/proposal/send (docs/product/sending.md Send flow): the homeowner's account and membership, the e-mail
 * through real SMTP with the contractor's message and a 14-day link that signs them in at
 * /proposal/received/{id}/, events.sent and Resend, moving the homeowner role, refusals, and who
 * may send (docs/product/roles.md).
 */

describe('sending a proposal to its homeowner', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  // The app's clock: the real one, moved on by the tests that compare its times (Resend) rather
  // than waited on. It still runs, so a mail the outbox retries later comes due.
  let ahead = 0;

  beforeAll(async () => {
    t = await startTestApp({
      now: () => Date.now() + ahead,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'owner@example.com');
    stranger = await signedInUser(t, 'stranger@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const getProposal = async (id: string, who: { cookie?: string } = owner) =>
    request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: who.cookie });

  it('creates the homeowner, makes them the member, and e-mails the message with a working link', async () => {
    const id = await createProposal(t, owner);
    const since = Date.now();
    const message = 'Hi Hana,\n\nHere is the <b>plan</b> & the price.\r\nBest,\nCasey';
    const res = await sendProposal(t, owner, {
      proposalId: id,
      to: ' Hana.Client@Example.com ',
      homeownersName: '  Hana Client ',
      message,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = sendReplySchema.parse(res.body);
    expect(reply.previousHomeowner).toBeNull();

    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'hana.client@example.com')
      .executeTakeFirstOrThrow();
    // Nameless: the name typed is this proposal's, on the membership (decision 0087).
    expect(user).toMatchObject({ role: 'homeowner', name: '', last_login_at: null });
    const members = await db()
      .selectFrom('proposal_members')
      .selectAll()
      .where('proposal_id', '=', id)
      .execute();
    expect(members).toEqual([
      expect.objectContaining({
        user_id: user.id,
        role: 'homeowner',
        name_on_proposal: 'Hana Client',
        invited_by: owner.id,
      }),
    ]);
    const event = await db()
      .selectFrom('proposal_events')
      .selectAll()
      .where('proposal_id', '=', id)
      .where('kind', '=', 'sent')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(event.detail)).toEqual({
      to: 'hana.client@example.com',
      previousHomeowner: null,
    });
    expect((await getProposal(id)).body).toMatchObject({ events: { sent: reply.sentAt } });

    const mail = await t.mailbox.waitFor('hana.client@example.com', { since });
    expect(mail.subject).toBe('Casey Builds sent you a proposal for Kitchen remodel');
    // The message as written: escaped, its line breaks kept in both parts.
    expect(mail.html).toContain('&lt;b&gt;plan&lt;/b&gt; &amp; the price.');
    expect(mail.html).not.toContain('<b>plan</b>');
    expect(mail.html).toMatch(/Hi Hana,<br\/?>\s*<br\/?>\s*Here is the/);
    expect(mail.text).toMatch(/Hi Hana,\n\nHere is the <b>plan<\/b> & the price\.\nBest,\nCasey/);
    expect(mail.text).toContain('View your proposal');
    const token = tokenFromMail(mail.text);
    expect(mail.html).toContain(`${t.appUrl}/signin/${token}/`);

    const stored = await db()
      .selectFrom('login_tokens')
      .selectAll()
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      purpose: 'proposal',
      proposal_id: id,
      redirect: `/proposal/received/${id}/`,
      used_at: null,
    });
    expect(stored.token_hash).not.toContain(token);
    expect(stored.expires_at - stored.created_at).toBe(PROPOSAL_LINK_TTL_MS);

    const { res: verified, jar } = await openMailedLink(t, 'hana.client@example.com', since);
    expect(verified.status).toBe(200);
    expect(verified.body.redirect).toBe(`/proposal/received/${id}/`);
    const read = await getProposal(id, { cookie: jar.header() });
    expect(proposalSchema.parse(read.body).access).toEqual({ role: 'homeowner', canEdit: false });
  });

  // Decision 0093: another contractor may be the homeowner (tests/api/sending-contractors.test.ts);
  // the owner may not be their own.
  it("refuses the owner's own address: the owner cannot be the homeowner", async () => {
    const id = await createProposal(t, owner);
    for (const to of ['owner@example.com', 'Owner@Example.com']) {
      const res = await sendProposal(t, owner, { proposalId: id, to });
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe(SEND_TO_SELF);
    }
    const members = await db()
      .selectFrom('proposal_members')
      .select('user_id')
      .where('proposal_id', '=', id)
      .execute();
    expect(members).toEqual([]);
    expect((await getProposal(id)).body).toMatchObject({ events: { sent: null } });
  });

  it('validates the form with the §5 messages', async () => {
    const id = await createProposal(t, owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ to: 'not-an-address' }, EMAIL_ERROR],
      [{ to: '' }, EMAIL_ERROR],
      [{ homeownersName: '   ' }, NAME_ERROR],
      [{ homeownersName: undefined }, NAME_ERROR],
      [{ message: 'x'.repeat(10001) }, 'Please keep the message under 10000 characters.'],
    ];
    for (const [override, message] of cases) {
      const res = await request(t.baseUrl, 'POST', '/api/proposal/send', {
        json: {
          proposalId: id,
          to: 'valid@example.com',
          homeownersName: 'Val',
          message: 'Hi',
          ...override,
        },
        cookie: owner.cookie,
      });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    const ok = await sendProposal(t, owner, {
      proposalId: id,
      to: 'valid@example.com',
      message: 'x'.repeat(10000),
    });
    expect(ok.status).toBe(200);
  });

  it('Resend: sent earlier than the last edit; sending again moves sent past it', async () => {
    const id = await createProposal(t, owner);
    const first = sendReplySchema.parse(
      (await sendProposal(t, owner, { proposalId: id, to: 'resend@example.com' })).body,
    );
    let p = proposalSchema.parse((await getProposal(id)).body);
    expect(p.events.sent).toBe(first.sentAt);
    expect(p.edited).toBe(false);

    ahead += 1000;
    const put = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...asInput(p), contract: 'Changed terms.' },
      cookie: owner.cookie,
    });
    expect(put.status).toBe(200);
    p = proposalSchema.parse((await getProposal(id)).body);
    expect(p.events.edited).toBeGreaterThan(first.sentAt);
    expect(p.edited).toBe(true);

    ahead += 1000;
    const since = Date.now();
    const second = sendReplySchema.parse(
      (await sendProposal(t, owner, { proposalId: id, to: 'resend@example.com' })).body,
    );
    p = proposalSchema.parse((await getProposal(id)).body);
    expect(second.previousHomeowner).toBeNull();
    expect(p.events.sent).toBe(second.sentAt);
    expect(p.events.sent).toBeGreaterThan(p.events.edited ?? Infinity);
    expect(p.edited).toBe(false);
    // One membership still, and a second e-mail with its own link.
    const members = await db()
      .selectFrom('proposal_members')
      .select('role')
      .where('proposal_id', '=', id)
      .execute();
    expect(members).toEqual([{ role: 'homeowner' }]);
    await t.mailbox.waitFor('resend@example.com', { since });
  });

  it('sending to another address moves the homeowner role and names the previous homeowner', async () => {
    const id = await createProposal(t, owner);
    const since = Date.now();
    await sendProposal(t, owner, { proposalId: id, to: 'first@example.com' });
    const firstMail = await t.mailbox.waitFor('first@example.com', { since });
    const res = await sendProposal(t, owner, { proposalId: id, to: 'second@example.com' });
    expect(sendReplySchema.parse(res.body).previousHomeowner).toBe('first@example.com');

    const members = await db()
      .selectFrom('proposal_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(['u.email', 'pm.role'])
      .where('pm.proposal_id', '=', id)
      .execute();
    expect(members).toEqual([{ email: 'second@example.com', role: 'homeowner' }]);
    // The first address's unused link no longer signs anyone in.
    const old = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(firstMail.text) },
    });
    expect(old.status).toBe(403);
  });

  it('an invitee sent the proposal becomes its homeowner under the typed name; the account keeps its own', async () => {
    const id = await createProposal(t, owner);
    const named = await signedInUser(t, 'named@example.com', 'homeowner', { name: 'Own Name' });
    await addMember(t, id, named.id, 'invitee');
    const res = await sendProposal(t, owner, {
      proposalId: id,
      to: 'named@example.com',
      homeownersName: 'Typed Name',
    });
    expect(res.status).toBe(200);
    const row = await db()
      .selectFrom('proposal_members as pm')
      .innerJoin('users as u', 'u.id', 'pm.user_id')
      .select(['u.name', 'pm.role', 'pm.name_on_proposal'])
      .where('pm.proposal_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ name: 'Own Name', role: 'homeowner', name_on_proposal: 'Typed Name' });
  });

  it('only a contractor owner sends', async () => {
    const id = await createProposal(t, owner);
    await db().updateTable('users').set({ role: 'homeowner' }).where('id', '=', owner.id).execute();
    try {
      const res = await sendProposal(t, owner, { proposalId: id, to: 'x@example.com' });
      expect(res.status).toBe(403);
      expect(messageOf(res)).toBe(ONLY_CONTRACTORS_SEND);
    } finally {
      await db()
        .updateTable('users')
        .set({ role: 'contractor' })
        .where('id', '=', owner.id)
        .execute();
    }
  });

  describe('§6: Send / Resend is the owning contractor’s', () => {
    type Role = 'owner' | 'homeowner' | 'invitee' | 'stranger' | 'loggedOut';
    const expected: Record<Role, number> = {
      owner: 200,
      homeowner: 403,
      invitee: 403,
      stranger: 404,
      loggedOut: 401,
    };
    let home: TestUser;
    let invitee: TestUser;
    beforeAll(async () => {
      home = await signedInUser(t, 'table-home@example.com', 'homeowner');
      invitee = await signedInUser(t, 'table-invitee@example.com', 'homeowner');
    });

    for (const role of Object.keys(expected) as Role[]) {
      it(`${role} → ${expected[role]}`, async () => {
        const id = await createProposal(t, owner);
        await addMember(t, id, home.id, 'homeowner');
        await addMember(t, id, invitee.id, 'invitee');
        const cookie = {
          owner: owner.cookie,
          homeowner: home.cookie,
          invitee: invitee.cookie,
          stranger: stranger.cookie,
          loggedOut: undefined,
        }[role];
        const res = await sendProposal(t, { cookie }, { proposalId: id, to: home.email });
        expect(res.status, JSON.stringify(res.body)).toBe(expected[role]);
        const sent = await db()
          .selectFrom('proposals')
          .select('sent_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        expect(sent.sent_at !== null).toBe(expected[role] === 200);
      });
    }
  });
});

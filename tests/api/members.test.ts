import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_ERROR } from '../../src/shared/schemas/auth';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import {
  INVITE_HOMEOWNER,
  INVITE_OWNER,
  inviteReplySchema,
  membersReplySchema,
} from '../../src/shared/schemas/sending';
import { homeownerOf, messageOf, openMailedLink } from './support/signing';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  signedInUser,
  tokenFromMail,
  type TestUser,
} from './support/users';

/*
 * Invitations and the member list of the Team area: an invitee gets an account if needed, the
 * 'invitee' membership (read, shop, comment; not sign, not edit) and a 14-day link; the owner
 * lists and removes members. docs/product/roles.md rows for each route.
 */

describe('invitations and members', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'owner@example.com', 'contractor', { reassign: true });
    stranger = await signedInUser(t, 'stranger@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const invite = (id: string, inviteeEmail: unknown, who: { cookie?: string } = owner) =>
    request(t.baseUrl, 'POST', `/api/proposal/${id}/invite`, {
      json: { inviteeEmail },
      cookie: who.cookie,
    });
  const list = (id: string, who: { cookie?: string }) =>
    request(t.baseUrl, 'GET', `/api/proposal/${id}/members`, { cookie: who.cookie });
  const remove = (id: string, userId: string, who: { cookie?: string } = owner) =>
    request(t.baseUrl, 'DELETE', `/api/proposal/${id}/members/${userId}`, { cookie: who.cookie });

  it('invites a new address: a homeowner account, the invitee membership and a 14-day link', async () => {
    const id = await createProposal(t, owner);
    const since = Date.now();
    const res = await invite(id, ' Dee.Designer@Example.com ');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const reply = inviteReplySchema.parse(res.body);
    expect(reply.member).toMatchObject({
      email: 'dee.designer@example.com',
      name: '',
      role: 'invitee',
    });
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('email', '=', 'dee.designer@example.com')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('homeowner');
    expect(user.id).toBe(reply.member.userId);

    const mail = await t.mailbox.waitFor('dee.designer@example.com', { since });
    expect(mail.subject).toBe(
      'Casey Contractor of Casey Builds invited you to the proposal for Kitchen remodel',
    );
    expect(mail.text).toContain('View the proposal');
    const { res: verified, jar } = await openMailedLink(t, 'dee.designer@example.com', since);
    expect(verified.body.redirect).toBe(`/proposal/received/${id}/`);
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { jar });
    expect(proposalSchema.parse(read.body).access).toEqual({ role: 'invitee', canEdit: false });
    const token = await db()
      .selectFrom('login_tokens')
      .select(['purpose', 'proposal_id', 'expires_at', 'created_at'])
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(token).toMatchObject({ purpose: 'proposal', proposal_id: id });
    expect(token.expires_at - token.created_at).toBe(14 * 24 * 60 * 60 * 1000);
  });

  // Decision 0093: where a link opens is read per proposal, so an invitee's lands on the received
  // view whatever their account (it opened the contractor's view for contractors before).
  it('a contractor invitee keeps their role and their link opens the received view', async () => {
    const id = await createProposal(t, owner);
    const architect = await signedInUser(t, 'architect@example.com');
    const since = Date.now();
    expect((await invite(id, 'architect@example.com')).status).toBe(200);
    const { res } = await openMailedLink(t, 'architect@example.com', since);
    expect(res.body.redirect).toBe(`/proposal/received/${id}/`);
    const user = await db()
      .selectFrom('users')
      .select('role')
      .where('id', '=', architect.id)
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('contractor');
  });

  it('is idempotent: one membership, and another e-mail', async () => {
    const id = await createProposal(t, owner);
    const since = Date.now();
    expect((await invite(id, 'twice@example.com')).status).toBe(200);
    const first = await t.mailbox.waitFor('twice@example.com', { since });
    const again = Date.now();
    expect((await invite(id, 'twice@example.com')).status).toBe(200);
    const second = await t.mailbox.waitFor('twice@example.com', { since: again });
    expect(tokenFromMail(second.text)).not.toBe(tokenFromMail(first.text));
    const rows = await db()
      .selectFrom('proposal_members')
      .select('role')
      .where('proposal_id', '=', id)
      .execute();
    expect(rows).toEqual([{ role: 'invitee' }]);
  });

  it('refuses the homeowner, the owner and invalid addresses', async () => {
    const id = await createProposal(t, owner);
    await homeownerOf(t, owner, id, 'client@example.com');
    const cases: [unknown, string][] = [
      ['client@example.com', INVITE_HOMEOWNER],
      ['Owner@Example.com', INVITE_OWNER],
      ['not an address', EMAIL_ERROR],
      [undefined, EMAIL_ERROR],
    ];
    for (const [email, message] of cases) {
      const res = await invite(id, email);
      expect(res.status, String(email)).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
  });

  it('lists the homeowner first, then invitees in order', async () => {
    const id = await createProposal(t, owner);
    await invite(id, 'b-invitee@example.com');
    await invite(id, 'a-invitee@example.com');
    const home = await homeownerOf(t, owner, id, 'list-home@example.com', 'Lee Home');
    const res = await list(id, owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const members = membersReplySchema.parse(res.body);
    expect(members.map((m) => [m.email, m.role])).toEqual([
      ['list-home@example.com', 'homeowner'],
      ['b-invitee@example.com', 'invitee'],
      ['a-invitee@example.com', 'invitee'],
    ]);
    expect(members[0]).toEqual({
      userId: home.id,
      name: 'Lee Home',
      email: 'list-home@example.com',
      role: 'homeowner',
    });
  });

  it('removing a member ends their access and their unused links', async () => {
    const id = await createProposal(t, owner);
    const since = Date.now();
    const invited = inviteReplySchema.parse((await invite(id, 'gone@example.com')).body);
    const mail = await t.mailbox.waitFor('gone@example.com', { since });
    const removed = await remove(id, invited.member.userId);
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ ok: true });
    const verify = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
    });
    expect(verify.status).toBe(403);
    const home = await homeownerOf(t, owner, id, 'gone-home@example.com');
    expect((await remove(id, home.id)).status).toBe(200);
    expect((await request(t.baseUrl, 'GET', `/api/proposal/${id}`, home)).status).toBe(404);
    expect(membersReplySchema.parse((await list(id, owner)).body)).toEqual([]);
    const events = await db()
      .selectFrom('proposal_events')
      .select('kind')
      .where('proposal_id', '=', id)
      .where('kind', '=', 'member_removed')
      .execute();
    expect(events).toHaveLength(2);
    // Removing someone who is not a member, or with a malformed id, is 404.
    expect((await remove(id, home.id)).status).toBe(404);
    expect((await remove(id, 'nope')).status).toBe(404);
  });

  describe('§6 rows', () => {
    type Role = 'owner' | 'homeowner' | 'invitee' | 'stranger' | 'loggedOut' | 'publicReader';
    let home: TestUser;
    let invitee: TestUser;
    let target: TestUser;

    beforeAll(async () => {
      home = await signedInUser(t, 'row-home@example.com', 'homeowner');
      invitee = await signedInUser(t, 'row-invitee@example.com', 'homeowner');
      target = await signedInUser(t, 'row-target@example.com', 'homeowner');
    });

    async function fresh(): Promise<string> {
      const id = await createProposal(t, owner);
      await addMember(t, id, home.id, 'homeowner');
      await addMember(t, id, invitee.id, 'invitee');
      await addMember(t, id, target.id, 'invitee');
      return id;
    }

    async function publicProposal(): Promise<string> {
      const id = await fresh();
      const res = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id },
        cookie: owner.cookie,
      });
      expect(res.body).toEqual({ isPublic: true });
      return id;
    }

    const cookieOf = (role: Role) =>
      ({
        owner: owner.cookie,
        homeowner: home.cookie,
        invitee: invitee.cookie,
        stranger: stranger.cookie,
        publicReader: stranger.cookie,
        loggedOut: undefined,
      })[role];

    const routes: {
      name: string;
      call: (id: string, cookie: string | undefined) => Promise<HttpResponse>;
      expected: Record<Role, number>;
    }[] = [
      {
        name: 'POST /api/proposal/:id/invite',
        call: (id, cookie) => invite(id, 'row-new@example.com', { cookie }),
        expected: {
          owner: 200,
          homeowner: 403,
          invitee: 403,
          stranger: 404,
          loggedOut: 401,
          publicReader: 403,
        },
      },
      {
        name: 'GET /api/proposal/:id/members',
        call: (id, cookie) => list(id, { cookie }),
        expected: {
          owner: 200,
          homeowner: 200,
          invitee: 200,
          stranger: 404,
          loggedOut: 401,
          publicReader: 404,
        },
      },
      {
        name: 'DELETE /api/proposal/:id/members/:userId',
        call: (id, cookie) => remove(id, target.id, { cookie }),
        expected: {
          owner: 200,
          homeowner: 403,
          invitee: 403,
          stranger: 404,
          loggedOut: 401,
          publicReader: 403,
        },
      },
    ];

    for (const route of routes) {
      describe(route.name, () => {
        for (const role of Object.keys(route.expected) as Role[]) {
          it(`${role} → ${route.expected[role]}`, async () => {
            const id = role === 'publicReader' ? await publicProposal() : await fresh();
            const res = await route.call(id, cookieOf(role));
            expect(res.status, JSON.stringify(res.body)).toBe(route.expected[role]);
            if (res.status === 404) expect(messageOf(res)).toBe('Not found');
          });
        }
      });
    }
  });
});

describe('invitations and sent proposals to one address', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let third: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      limits: {
        authEmailsPerAddress: 50,
        authEmailsPerIp: 500,
        proposalEmailsPerRecipient: 3,
        proposalSendersPerRecipient: 2,
      },
    });
    owner = await signedInUser(t, 'flood-owner@example.com', 'contractor');
    other = await signedInUser(t, 'flood-other@example.com', 'contractor');
    third = await signedInUser(t, 'flood-third@example.com', 'contractor');
  });
  afterAll(() => t.close());

  const invite = (id: string, inviteeEmail: string, who: TestUser) =>
    request(t.baseUrl, 'POST', `/api/proposal/${id}/invite`, {
      json: { inviteeEmail },
      cookie: who.cookie,
    });
  const send = (proposalId: string, to: string, who: TestUser) =>
    request(t.baseUrl, 'POST', '/api/proposal/send', {
      json: { proposalId, to, homeownersName: 'Vic', message: 'Here it is.' },
      cookie: who.cookie,
    });
  const mailsTo = async (to: string) =>
    (
      await t.app.ctx.db
        .selectFrom('mail_outbox')
        .select('id')
        .where('to_address', '=', to)
        .execute()
    ).length;
  const WAIT = 'Please wait \\d+ minutes? before trying again\\.$';

  it('one sender sends an address a few a window, then a clear 429 and no e-mail', async () => {
    const victim = 'victim@example.com';
    const mine = await createProposal(t, owner);
    for (let n = 0; n < 3; n++) expect((await invite(mine, victim, owner)).status).toBe(200);
    expect(await mailsTo(victim)).toBe(3);
    // A fourth, by invitation or by sending the proposal, is refused and sends nothing.
    for (const refused of [await invite(mine, victim, owner), await send(mine, victim, owner)]) {
      expect(refused.status).toBe(429);
      expect(messageOf(refused)).toMatch(
        new RegExp(
          `^You have sent this address too many invitations and proposals lately\\. ${WAIT}`,
        ),
      );
    }
    expect(await mailsTo(victim)).toBe(3);
    // Refused sends change nothing: the proposal was not sent, nobody became its homeowner.
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${mine}`, { cookie: owner.cookie });
    expect(proposalSchema.parse(read.body).events.sent).toBeNull();

    // Another sender is not held up by this one's count, and other addresses are not either.
    const theirs = await createProposal(t, other);
    expect((await send(theirs, victim, other)).status).toBe(200);
    expect((await send(mine, 'someone-else@example.com', owner)).status).toBe(200);
    // The address's own sign-in e-mails are a count of their own.
    const signin = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: victim },
    });
    expect(signin.status).toBe(200);
    expect(await mailsTo(victim)).toBe(5);
  });

  it('an address hears from a few senders a window; those it has heard from go on', async () => {
    const popular = 'popular@example.com';
    const [a, b, c] = await Promise.all([owner, other, third].map((who) => createProposal(t, who)));
    expect((await invite(a!, popular, owner)).status).toBe(200);
    expect((await invite(b!, popular, other)).status).toBe(200);
    const refused = await invite(c!, popular, third);
    expect(refused.status).toBe(429);
    expect(messageOf(refused)).toMatch(
      new RegExp(
        `^This address has been sent too many invitations and proposals lately\\. ${WAIT}`,
      ),
    );
    // The homeowner's own contractor, already among them, is not kept out.
    expect((await send(a!, popular, owner)).status).toBe(200);
    expect(await mailsTo(popular)).toBe(3);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reassignReplySchema, SIGNED_NOT_REASSIGNABLE } from '../../src/shared/schemas/proposal';
import { homeownerOf, signAs } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { addMember, createProposal, ownerOf, signedInUser, type TestUser } from './support/users';

const NO_PERMISSION = 'You do not have permission to share proposals.';

/** docs/product/dashboard.md Sharing: reassign, 'Copy Proposal URL' (createNew), publish toggle, the contractors list. */
describe('sharing proposals', () => {
  let t: TestApp;
  let admin: TestUser;
  let plain: TestUser;
  let colleague: TestUser;
  let homeowner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    admin = await signedInUser(t, 'admin@example.com', 'contractor', { reassign: true });
    plain = await signedInUser(t, 'plain@example.com');
    colleague = await signedInUser(t, 'colleague@example.com');
    homeowner = await signedInUser(t, 'home@example.com', 'homeowner');
  });
  afterAll(() => t.close());

  const post = (path: string, json: unknown, who: TestUser) =>
    request(t.baseUrl, 'POST', path, { json, cookie: who.cookie });

  it('needs the reassign permission, even for the owner', async () => {
    const id = await createProposal(t, plain);
    for (const [path, body] of [
      ['/api/proposal/reassign', { id, newOwner: 'colleague@example.com' }],
      ['/api/proposal/toggleVisibility', { id }],
    ] as const) {
      const res = await post(path, body, plain);
      expect(res.status).toBe(403);
      expect((res.body as { message: string }).message).toBe(NO_PERMISSION);
    }
    const list = await request(t.baseUrl, 'GET', '/api/proposal/contractors', {
      cookie: plain.cookie,
    });
    expect(list.status).toBe(403);
    expect((list.body as { message: string }).message).toBe(NO_PERMISSION);
  });

  it('needs ownership too: a member with the permission gets 403, a stranger 404', async () => {
    const id = await createProposal(t, plain);
    const member = await signedInUser(t, 'member-admin@example.com', 'contractor', {
      reassign: true,
    });
    await addMember(t, id, member.id, 'invitee');
    const asMember = await post('/api/proposal/toggleVisibility', { id }, member);
    expect(asMember.status).toBe(403);
    expect((asMember.body as { message: string }).message).toBe(NO_PERMISSION);
    const asStranger = await post('/api/proposal/toggleVisibility', { id }, admin);
    expect(asStranger.status).toBe(404);
  });

  it('lists contractor e-mails (not homeowners, not the caller) for a user with the permission', async () => {
    const res = await request(t.baseUrl, 'GET', '/api/proposal/contractors', {
      cookie: admin.cookie,
    });
    expect(res.status).toBe(200);
    const emails = res.body as string[];
    expect(emails).toContain('colleague@example.com');
    expect(emails).toContain('plain@example.com');
    expect(emails).not.toContain('home@example.com');
    expect(emails).not.toContain('admin@example.com');
    expect([...emails].sort()).toEqual(emails);
  });

  it('reassigns to a listed contractor: the new owner has it, the old one no longer does', async () => {
    const id = await createProposal(t, admin);
    const res = await post(
      '/api/proposal/reassign',
      { id, newOwner: ' Colleague@Example.com ', createNew: false },
      admin,
    );
    expect(res.status).toBe(200);
    expect(reassignReplySchema.parse(res.body)).toEqual({
      id,
      url: `${t.appUrl}/proposal/${id}/`,
      owner: 'colleague@example.com',
    });
    const theirs = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: colleague.cookie,
    });
    expect((theirs.body as { access: { role: string } }).access.role).toBe('owner');
    const mine = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: admin.cookie });
    expect(mine.status).toBe(404);
    const event = await t.app.ctx.db
      .selectFrom('proposal_events')
      .select(['kind', 'user_id'])
      .where('proposal_id', '=', id)
      .where('kind', '!=', 'created')
      .executeTakeFirstOrThrow();
    expect(event).toEqual({ kind: 'reassigned', user_id: admin.id });
  });

  it("'Copy Proposal URL': creates the contractor account for a new address, then reassigns", async () => {
    const id = await createProposal(t, admin);
    const res = await post(
      '/api/proposal/reassign',
      { id, newOwner: 'new.pro@example.com', createNew: true },
      admin,
    );
    expect(res.status).toBe(200);
    const user = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'role', 'reassign'])
      .where('email', '=', 'new.pro@example.com')
      .executeTakeFirstOrThrow();
    expect(user.role).toBe('contractor');
    expect(user.reassign).toBeNull();
    expect(await ownerOf(t, id)).toBe(user.id);
    // The new contractor logs in with that address like anyone else and finds it.
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: 'new.pro@example.com' },
    });
    const mail = await t.mailbox.waitFor('new.pro@example.com', { since });
    const token = /\/signin\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    const session = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token },
    });
    const list = await request(t.baseUrl, 'GET', '/api/proposal/', { cookie: session.cookie });
    expect((list.body as { items: { _id: string }[] }).items.map((i) => i._id)).toEqual([id]);
  });

  it('createNew for an address that already has a contractor account simply reassigns', async () => {
    const id = await createProposal(t, admin);
    const res = await post(
      '/api/proposal/reassign',
      { id, newOwner: 'plain@example.com', createNew: true },
      admin,
    );
    expect(res.status).toBe(200);
    expect(await ownerOf(t, id)).toBe(plain.id);
  });

  it('refuses a homeowner address, an unknown address without createNew, and a malformed one', async () => {
    const id = await createProposal(t, admin);
    for (const createNew of [false, true]) {
      const res = await post(
        '/api/proposal/reassign',
        { id, newOwner: homeowner.email, createNew },
        admin,
      );
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toMatch(/homeowner/);
    }
    const unknown = await post(
      '/api/proposal/reassign',
      { id, newOwner: 'nobody@example.com', createNew: false },
      admin,
    );
    expect(unknown.status).toBe(400);
    const bad = await post('/api/proposal/reassign', { id, newOwner: 'not an email' }, admin);
    expect(bad.status).toBe(400);
    expect((bad.body as { message: string }).message).toBe('Please enter a valid email address.');
    expect(await ownerOf(t, id)).toBe(admin.id);
    const none = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'nobody@example.com')
      .execute();
    expect(none).toEqual([]);
  });

  it("refuses the sharer's own address, however it is typed, and records no event", async () => {
    const id = await createProposal(t, admin);
    for (const createNew of [false, true]) {
      const res = await post(
        '/api/proposal/reassign',
        { id, newOwner: ` ${admin.email.toUpperCase()} `, createNew },
        admin,
      );
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(
        'This proposal is already yours. Enter the address of another contractor.',
      );
    }
    expect(await ownerOf(t, id)).toBe(admin.id);
    const events = await t.app.ctx.db
      .selectFrom('proposal_events')
      .select('kind')
      .where('proposal_id', '=', id)
      .where('kind', '=', 'reassigned')
      .execute();
    expect(events).toEqual([]);
  });

  it('reassigning to a member makes them the owner and no longer a member', async () => {
    const id = await createProposal(t, admin);
    await addMember(t, id, colleague.id, 'invitee');
    const res = await post('/api/proposal/reassign', { id, newOwner: colleague.email }, admin);
    expect(res.status).toBe(200);
    const members = await t.app.ctx.db
      .selectFrom('proposal_members')
      .select('user_id')
      .where('proposal_id', '=', id)
      .execute();
    expect(members).toEqual([]);
  });

  it('toggles between private (the default) and public', async () => {
    const id = await createProposal(t, admin);
    const on = await post('/api/proposal/toggleVisibility', { id }, admin);
    expect(on.body).toEqual({ isPublic: true });
    const anyone = await request(t.baseUrl, 'GET', `/api/proposal/${id}`);
    expect(anyone.status).toBe(200);
    const off = await post('/api/proposal/toggleVisibility', { id }, admin);
    expect(off.body).toEqual({ isPublic: false });
    expect((await request(t.baseUrl, 'GET', `/api/proposal/${id}`)).status).toBe(404);
  });

  it('two reassigns at once (two tabs): one gives the proposal away, the other is refused', async () => {
    // Each pair races on both engines; on PostgreSQL both once went through, the later silently winning.
    for (let round = 0; round < 4; round++) {
      const id = await createProposal(t, admin);
      const results = await Promise.all(
        [colleague, plain].map((to) =>
          post('/api/proposal/reassign', { id, newOwner: to.email, createNew: false }, admin),
        ),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 404]);
      const winner = results.findIndex((r) => r.status === 200) === 0 ? colleague : plain;
      expect(await ownerOf(t, id)).toBe(winner.id);
      const events = await t.app.ctx.db
        .selectFrom('proposal_events')
        .select('detail')
        .where('proposal_id', '=', id)
        .where('kind', '=', 'reassigned')
        .execute();
      expect(events.map((e) => (JSON.parse(e.detail) as { to: string }).to)).toEqual([
        winner.email,
      ]);
    }
  });

  it('a signed proposal is not given to another contractor, by Reassign or a new account (decision 0076)', async () => {
    const id = await createProposal(t, admin);
    await homeownerOf(t, admin, id, `signed-home-${Date.now()}@example.com`);
    expect((await signAs(t, admin, id, 'contractor')).status).toBe(200);
    for (const body of [
      { id, newOwner: colleague.email, createNew: false },
      { id, newOwner: 'brand-new-owner@example.com', createNew: true },
    ]) {
      const res = await post('/api/proposal/reassign', body, admin);
      expect(res.status).toBe(409);
      expect((res.body as { message: string }).message).toBe(SIGNED_NOT_REASSIGNABLE);
    }
    expect(await ownerOf(t, id)).toBe(admin.id);
    // Nothing was made on the way: the new account is not created.
    const made = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'brand-new-owner@example.com')
      .executeTakeFirst();
    expect(made).toBeUndefined();
    // Visibility is not handing it on: still the owner's to change.
    expect((await post('/api/proposal/toggleVisibility', { id }, admin)).status).toBe(200);
  });
});

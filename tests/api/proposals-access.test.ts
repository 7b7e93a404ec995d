import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../../src/shared/api';
import { photoUploadReplySchema, proposalSchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';
import { pdf, png, upload } from './support/uploads';

/*
 * Every /api/proposal route against every kind of caller: the owner, the homeowner it was sent
 * to, an invitee, a signed-in stranger and a logged-out visitor. Non-readers always get 404 (the
 * same as an unknown id), readers who may not act get 403, logged-out callers of signed-in
 * actions get 401. The files of a proposal follow the proposal.
 */

type Role = 'owner' | 'homeowner' | 'invitee' | 'stranger' | 'loggedOut';
const ROLES: Role[] = ['owner', 'homeowner', 'invitee', 'stranger', 'loggedOut'];

interface Target {
  id: string;
  /** A PDF of the proposal's current condition, uploaded by the owner. */
  fileId: string;
}

interface Case {
  route: string;
  call: (cookie: string | undefined, id: string, target: Target) => Promise<HttpResponse>;
  expected: Record<Role, number>;
  /** The owner's call changes the proposal: every role gets a fresh one. */
  mutates?: boolean;
}

describe('access to every proposal route', () => {
  let t: TestApp;
  let users: Record<Exclude<Role, 'loggedOut'>, TestUser>;
  let shared: string;
  let sharedTarget: Target;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    users = {
      owner: await signedInUser(t, 'owner@example.com'),
      homeowner: await signedInUser(t, 'home@example.com', 'homeowner'),
      invitee: await signedInUser(t, 'designer@example.com', 'homeowner', { name: 'Dee Designer' }),
      stranger: await signedInUser(t, 'stranger@example.com'),
    };
    sharedTarget = await freshTarget();
    shared = sharedTarget.id;
  });
  afterAll(() => t.close());

  async function freshTarget(): Promise<Target> {
    const file = await upload(t, 'currentCondition', pdf(), 'site.pdf', users.owner);
    const fileId = photoUploadReplySchema.parse(file.body).id;
    const id = await createProposal(
      t,
      users.owner,
      proposalInput({ currentConditionIds: [fileId] }),
    );
    await addMember(t, id, users.homeowner.id, 'homeowner');
    await addMember(t, id, users.invitee.id, 'invitee');
    return { id, fileId };
  }
  const fresh = async () => (await freshTarget()).id;

  const cookieOf = (role: Role) => (role === 'loggedOut' ? undefined : users[role].cookie);
  const call = (method: string, path: string, json?: unknown) => (cookie: string | undefined) =>
    request(t.baseUrl, method, path, { cookie, json });
  const version = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('proposals')
        .select('version')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).version;

  const readers = { owner: 200, homeowner: 200, invitee: 200, stranger: 404, loggedOut: 404 };
  const ownerOnly = { owner: 200, homeowner: 403, invitee: 403, stranger: 404, loggedOut: 401 };
  // Nobody here has the reassign permission: 403 before the proposal is even looked up.
  const sharing = { owner: 403, homeowner: 403, invitee: 403, stranger: 403, loggedOut: 401 };

  const cases: Case[] = [
    {
      route: 'GET /api/proposal/:id',
      call: (c, id) => call('GET', `/api/proposal/${id}`)(c),
      expected: readers,
    },
    {
      route: 'PUT /api/proposal/:id',
      call: async (c, id) =>
        call('PUT', `/api/proposal/${id}`, { ...proposalInput(), version: await version(id) })(c),
      expected: ownerOnly,
      mutates: true,
    },
    {
      route: 'POST /api/proposal/duplicate',
      call: (c, id) => call('POST', '/api/proposal/duplicate', { id })(c),
      expected: ownerOnly,
    },
    {
      route: 'POST /api/proposal/delete',
      call: (c, id) => call('POST', '/api/proposal/delete', { id })(c),
      expected: ownerOnly,
      mutates: true,
    },
    {
      route: 'POST /api/proposal/reassign',
      call: (c, id) =>
        call('POST', '/api/proposal/reassign', { id, newOwner: 'stranger@example.com' })(c),
      expected: sharing,
      mutates: true,
    },
    {
      route: 'POST /api/proposal/toggleVisibility',
      call: (c, id) => call('POST', '/api/proposal/toggleVisibility', { id })(c),
      expected: sharing,
      mutates: true,
    },
    {
      route: 'GET /api/proposal/contractors',
      call: (c) => call('GET', '/api/proposal/contractors')(c),
      expected: sharing,
    },
    {
      route: 'GET /api/proposal/contractor/:id',
      call: (c, id) => call('GET', `/api/proposal/contractor/${id}`)(c),
      expected: readers,
    },
    {
      route: 'GET /api/proposal/homeowner/:id',
      call: (c, id) => call('GET', `/api/proposal/homeowner/${id}`)(c),
      expected: readers,
    },
    {
      route: 'POST /api/proposal/sendCreated',
      call: (c, id) =>
        call('POST', '/api/proposal/sendCreated', { proposalId: id, to: 'owner@example.com' })(c),
      expected: ownerOnly,
    },
    {
      route: 'GET /api/proposal/',
      call: (c) => call('GET', '/api/proposal/')(c),
      expected: { owner: 200, homeowner: 200, invitee: 200, stranger: 200, loggedOut: 401 },
    },
    {
      route: 'GET /api/proposal/suggestions',
      call: (c) => call('GET', '/api/proposal/suggestions?groupName=Demolition')(c),
      expected: { owner: 200, homeowner: 200, invitee: 200, stranger: 200, loggedOut: 401 },
    },
    {
      // Contractors create their own; everyone else ('Send Proposal', logged out) creates an
      // unowned proposal to claim afterwards (decision 0010).
      route: 'POST /api/proposal',
      call: (c) => call('POST', '/api/proposal', proposalInput())(c),
      expected: { owner: 201, homeowner: 201, invitee: 201, stranger: 201, loggedOut: 201 },
    },
    {
      // The create wizard works logged out, uploads included (limited per IP).
      route: 'POST /api/proposal/photo-upload',
      call: async (c) => upload(t, 'groupImage', await png(), 'p.png', { cookie: c }),
      expected: { owner: 200, homeowner: 200, invitee: 200, stranger: 200, loggedOut: 200 },
    },
    {
      route: 'GET /api/files/:id (a proposal file)',
      call: (c, _id, target) => call('GET', `/api/files/${target.fileId}`)(c),
      expected: readers,
    },
    {
      route: 'DELETE /api/files/:id (a proposal file)',
      call: (c, _id, target) => call('DELETE', `/api/files/${target.fileId}`)(c),
      expected: { owner: 200, homeowner: 403, invitee: 403, stranger: 404, loggedOut: 404 },
      mutates: true,
    },
  ];

  for (const c of cases) {
    describe(c.route, () => {
      for (const role of ROLES) {
        it(`${role} → ${c.expected[role]}`, async () => {
          const target = c.mutates ? await freshTarget() : sharedTarget;
          const res = await c.call(cookieOf(role), target.id, target);
          expect(res.status, JSON.stringify(res.body)).toBe(c.expected[role]);
          if (res.status === 404)
            expect((res.body as { message: string }).message).toBe('Not found');
        });
      }

      // The contract (decision 0016) is what OpenAPI and the client read: it names every
      // refusal seen here, and a route that refuses the logged out is not declared anonymous.
      it('is declared as it answers', () => {
        const [method, path] = c.route.split(' ') as [string, string];
        const endpoint = allEndpoints()
          .map((e) => e.endpoint)
          .find(
            (e) => e.method === method && e.path.replace(/\/$/, '') === path.replace(/\/$/, ''),
          );
        expect(endpoint, c.route).toBeDefined();
        const refusals = Object.values(c.expected).filter((status) => status >= 400);
        for (const status of refusals)
          expect(Object.keys(endpoint!.errors), c.route).toContain(String(status));
        if (c.expected.loggedOut === 401) expect(endpoint!.access, c.route).not.toBe('anonymous');
      });
    });
  }

  it('an unknown id and a malformed id answer exactly like a private proposal', async () => {
    for (const id of [randomUUID(), 'not-an-id']) {
      const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
        cookie: users.stranger.cookie,
      });
      expect(res.status).toBe(404);
      expect((res.body as { message: string }).message).toBe('Not found');
    }
  });

  it('members read with their role and no edit right', async () => {
    for (const role of ['homeowner', 'invitee'] as const) {
      const res = await request(t.baseUrl, 'GET', `/api/proposal/${shared}`, {
        cookie: users[role].cookie,
      });
      expect(proposalSchema.parse(res.body).access).toEqual({ role, canEdit: false });
    }
    const home = await request(t.baseUrl, 'GET', `/api/proposal/homeowner/${shared}`, {
      cookie: users.invitee.cookie,
    });
    expect(home.body).toEqual({ name: 'Hana Homeowner', email: 'home@example.com' });
    const contractor = await request(t.baseUrl, 'GET', `/api/proposal/contractor/${shared}`, {
      cookie: users.homeowner.cookie,
    });
    expect(contractor.body).toEqual({ name: 'Casey Contractor' });
  });

  it('homeowner lookup answers 404 when nobody was sent the proposal', async () => {
    const id = await createProposal(t, users.owner);
    const res = await request(t.baseUrl, 'GET', `/api/proposal/homeowner/${id}`, {
      cookie: users.owner.cookie,
    });
    expect(res.status).toBe(404);
  });

  it('a public proposal is readable by anyone, editable by nobody but its owner', async () => {
    const id = await fresh();
    await t.app.ctx.db
      .updateTable('users')
      .set({ reassign: 'granted' })
      .where('id', '=', users.owner.id)
      .execute();
    try {
      const toggled = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id },
        cookie: users.owner.cookie,
      });
      expect(toggled.body).toEqual({ isPublic: true });
      for (const role of ['stranger', 'loggedOut'] as const) {
        const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
          cookie: cookieOf(role),
        });
        expect(res.status).toBe(200);
        const p = proposalSchema.parse(res.body);
        expect(p.access).toEqual({ role: 'public', canEdit: false });
        expect(p.isPublic).toBe(true);
        const name = await request(t.baseUrl, 'GET', `/api/proposal/contractor/${id}`, {
          cookie: cookieOf(role),
        });
        expect(name.status).toBe(200);
        // The homeowner's name and address are for the people on the proposal only.
        const home = await request(t.baseUrl, 'GET', `/api/proposal/homeowner/${id}`, {
          cookie: cookieOf(role),
        });
        expect(home.status).toBe(404);
      }
      const put = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
        json: { ...proposalInput(), version: await version(id) },
        cookie: users.stranger.cookie,
      });
      expect(put.status).toBe(403);
      const back = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id },
        cookie: users.owner.cookie,
      });
      expect(back.body).toEqual({ isPublic: false });
      const hidden = await request(t.baseUrl, 'GET', `/api/proposal/${id}`);
      expect(hidden.status).toBe(404);
    } finally {
      await t.app.ctx.db
        .updateTable('users')
        .set({ reassign: null })
        .where('id', '=', users.owner.id)
        .execute();
    }
  });

  it('visibility asked for is set, not switched: the same request twice does what it said', async () => {
    const id = await fresh();
    await t.app.ctx.db
      .updateTable('users')
      .set({ reassign: 'granted' })
      .where('id', '=', users.owner.id)
      .execute();
    const events = async () =>
      (
        await t.app.ctx.db
          .selectFrom('proposal_events')
          .select('kind')
          .where('proposal_id', '=', id)
          .where('kind', 'in', ['made_public', 'made_private'])
          .execute()
      ).map((e) => e.kind);
    const ask = (isPublic: boolean) =>
      request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id, isPublic },
        cookie: users.owner.cookie,
      });
    try {
      // A 'Make Private' from a stale screen on a private proposal leaves it private.
      expect((await ask(false)).body).toEqual({ isPublic: false });
      expect(await events()).toEqual([]);
      // A retried 'Make Publicly Available' (its first answer lost) leaves it public.
      expect((await ask(true)).body).toEqual({ isPublic: true });
      expect((await ask(true)).body).toEqual({ isPublic: true });
      expect(await events()).toEqual(['made_public']);
      const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`);
      expect(read.status).toBe(200);
      const bad = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id, isPublic: 'yes' },
        cookie: users.owner.cookie,
      });
      expect(bad.status).toBe(400);
    } finally {
      await t.app.ctx.db
        .updateTable('users')
        .set({ reassign: null })
        .where('id', '=', users.owner.id)
        .execute();
    }
  });

  it('a deleted proposal is unknown on every route, to its owner too', async () => {
    const id = await fresh();
    const del = await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id },
      cookie: users.owner.cookie,
    });
    expect(del.status).toBe(200);
    const row = await t.app.ctx.db
      .selectFrom('proposals')
      .select('deleted_at')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
    const calls = [
      request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: users.owner.cookie }),
      request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: users.homeowner.cookie }),
      request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
        json: { ...proposalInput(), version: 1 },
        cookie: users.owner.cookie,
      }),
      request(t.baseUrl, 'POST', '/api/proposal/duplicate', {
        json: { id },
        cookie: users.owner.cookie,
      }),
      request(t.baseUrl, 'POST', '/api/proposal/delete', {
        json: { id },
        cookie: users.owner.cookie,
      }),
      request(t.baseUrl, 'GET', `/api/proposal/contractor/${id}`, { cookie: users.owner.cookie }),
      request(t.baseUrl, 'GET', `/api/proposal/homeowner/${id}`, { cookie: users.owner.cookie }),
      request(t.baseUrl, 'POST', '/api/proposal/sendCreated', {
        json: { proposalId: id, to: 'owner@example.com' },
        cookie: users.owner.cookie,
      }),
    ];
    for (const res of await Promise.all(calls)) expect(res.status).toBe(404);
  });

  it('a proposal created logged out is readable by nobody until it is claimed', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/proposal', { json: proposalInput() });
    expect(res.status).toBe(201);
    const id = res.body as string;
    const same = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: res.cookie });
    expect(same.status).toBe(404);
    const other = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: users.stranger.cookie,
    });
    expect(other.status).toBe(404);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import { selectionsPageSchema, type SelectionsPage } from '../../src/shared/schemas/selections';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';
import { insertProduct as insertProductRow } from './support/products';
import { png, upload } from './support/uploads';

/*
 * Who may read the shop page and who may change it, for every selections route: the owner, the
 * homeowner it was sent to, an invitee, a signed-in stranger and a logged-out visitor of a private
 * proposal, and a signed-in and a logged-out visitor of a public one. Readers who may not act get
 * 403, logged-out callers of changes 401, and nobody learns that a private proposal exists (404).
 */

type Role =
  | 'owner'
  | 'homeowner'
  | 'invitee'
  | 'stranger'
  | 'loggedOut'
  | 'publicVisitor'
  | 'publicLoggedOut';
const ROLES: Role[] = [
  'owner',
  'homeowner',
  'invitee',
  'stranger',
  'loggedOut',
  'publicVisitor',
  'publicLoggedOut',
];

interface Target {
  id: string;
  groupId: string;
  itemId: string;
  /** A selection item of another proposal of the same owner. */
  foreignItemId: string;
  /** An option the owner added to itemId. */
  optionId: string;
  productId: string;
}

describe('access to the selections routes', () => {
  let t: TestApp;
  let users: Record<'owner' | 'homeowner' | 'invitee' | 'stranger', TestUser>;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    users = {
      owner: await signedInUser(t, 'owner@example.com'),
      homeowner: await signedInUser(t, 'home@example.com', 'homeowner'),
      invitee: await signedInUser(t, 'designer@example.com', 'homeowner', { name: 'Dee' }),
      stranger: await signedInUser(t, 'stranger@example.com'),
    };
  });
  afterAll(() => t.close());

  const insertProduct = (title: string) =>
    insertProductRow(t, { title, image_url: '/catalogue/faucet.png', price_cents: 12_999 });

  const shopPlan = proposalInput({
    costGroups: [
      { name: 'Kitchens', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
    ],
  });

  async function selectionItem(id: string): Promise<{ groupId: string; itemId: string }> {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: users.owner.cookie,
    });
    const group = proposalSchema.parse(res.body).costGroups[0]!;
    return { groupId: group.id, itemId: group.values[0]!.id };
  }

  async function freshTarget(isPublic: boolean): Promise<Target> {
    const id = await createProposal(t, users.owner, shopPlan);
    await addMember(t, id, users.homeowner.id, 'homeowner');
    await addMember(t, id, users.invitee.id, 'invitee');
    if (isPublic)
      await t.app.ctx.db
        .updateTable('proposals')
        .set({ is_public: 1 })
        .where('id', '=', id)
        .execute();
    const { groupId, itemId } = await selectionItem(id);
    const foreign = await createProposal(t, users.owner, shopPlan);
    const { itemId: foreignItemId } = await selectionItem(foreign);
    const productId = await insertProduct('Brushed nickel faucet');
    const added = await request<{ id: string }>(
      t.baseUrl,
      'POST',
      `/api/proposal/${id}/addProduct/`,
      {
        json: { costItemId: itemId, productId },
        cookie: users.owner.cookie,
      },
    );
    expect(added.status).toBe(201);
    return { id, groupId, itemId, foreignItemId, optionId: added.body.id, productId };
  }

  const isPublicRole = (role: Role) => role === 'publicVisitor' || role === 'publicLoggedOut';
  const cookieOf = (role: Role): string | undefined => {
    if (role === 'loggedOut' || role === 'publicLoggedOut') return undefined;
    if (role === 'publicVisitor') return users.stranger.cookie;
    return users[role].cookie;
  };

  const readers: Record<Role, number> = {
    owner: 200,
    homeowner: 200,
    invitee: 200,
    stranger: 404,
    loggedOut: 404,
    publicVisitor: 200,
    publicLoggedOut: 200,
  };
  const shoppers = (ok: number): Record<Role, number> => ({
    owner: ok,
    homeowner: ok,
    invitee: ok,
    stranger: 404,
    loggedOut: 401,
    publicVisitor: 403,
    publicLoggedOut: 401,
  });

  interface Case {
    route: string;
    call: (target: Target, cookie: string | undefined) => Promise<HttpResponse>;
    expected: Record<Role, number>;
  }

  const call =
    (method: string, path: (t: Target) => string, json?: (t: Target) => unknown) =>
    (target: Target, cookie: string | undefined) =>
      request(t.baseUrl, method, path(target), { cookie, json: json?.(target) });

  const cases: Case[] = [
    {
      route: 'GET /:id/selections',
      call: call('GET', (x) => `/api/proposal/${x.id}/selections`),
      expected: readers,
    },
    {
      route: 'POST /:id/addProduct/',
      call: async (x, cookie) =>
        request(t.baseUrl, 'POST', `/api/proposal/${x.id}/addProduct/`, {
          cookie,
          json: {
            costGroupId: x.groupId,
            costItemId: x.itemId,
            productId: await insertProduct('Matte black faucet'),
          },
        }),
      expected: shoppers(201),
    },
    {
      route: 'PUT /:id/options/:optionId',
      call: call(
        'PUT',
        (x) => `/api/proposal/${x.id}/options/${x.optionId}`,
        () => ({ position: 'liked' }),
      ),
      expected: shoppers(200),
    },
    {
      // The option was added by the owner: an invitee may remove only their own (see below).
      route: 'DELETE /:id/options/:optionId',
      call: call('DELETE', (x) => `/api/proposal/${x.id}/options/${x.optionId}`),
      expected: { ...shoppers(200), invitee: 403 },
    },
    {
      route: 'PUT /:id/items/:itemId/options/order',
      call: call(
        'PUT',
        (x) => `/api/proposal/${x.id}/items/${x.itemId}/options/order`,
        (x) => ({ optionIds: [x.optionId] }),
      ),
      expected: shoppers(200),
    },
    {
      route: 'POST /:id/items/:itemId/comments',
      call: call(
        'POST',
        (x) => `/api/proposal/${x.id}/items/${x.itemId}/comments`,
        () => ({ content: 'Love this one' }),
      ),
      expected: shoppers(201),
    },
    {
      // Fixing a clipped option's details (decision 0011): who may remove it. The owner added it.
      route: 'PUT /:id/options/:optionId/product',
      call: async (x, cookie) => {
        const photo = cookie
          ? await upload(t, 'productImage', await png(), 'fixed.png', { cookie })
          : undefined;
        return request(t.baseUrl, 'PUT', `/api/proposal/${x.id}/options/${x.optionId}/product`, {
          cookie,
          json: {
            productName: 'Brushed brass faucet',
            productURL: 'https://shop.example.com/p/faucet',
            photoURL: '',
            // Well formed for everyone: refused for who calls, not for what is sent.
            imageFileId: (photo?.body as { id?: string } | undefined)?.id ?? randomUUID(),
            priceCents: 24_950,
            currency: 'USD',
          },
        });
      },
      expected: { ...shoppers(200), invitee: 403 },
    },
    {
      route: 'PUT /:id/items/:itemId/note',
      call: call(
        'PUT',
        (x) => `/api/proposal/${x.id}/items/${x.itemId}/note`,
        () => ({ note: 'Centre it over the sink', expected: '' }),
      ),
      expected: { ...shoppers(200), homeowner: 403, invitee: 403 },
    },
  ];

  for (const c of cases) {
    describe(c.route, () => {
      for (const role of ROLES) {
        it(`${role} → ${c.expected[role]}`, async () => {
          const target = await freshTarget(isPublicRole(role));
          const res = await c.call(target, cookieOf(role));
          expect(res.status, JSON.stringify(res.body)).toBe(c.expected[role]);
          const message = (res.body as { message?: string }).message;
          if (res.status === 404) expect(message).toBe('Not found');
          if (res.status === 401) expect(message).toBe('Please log in to save your selections.');
        });
      }
    });
  }

  it('tells a public visitor and a member why they may not change things', async () => {
    const open = await freshTarget(true);
    const visitor = await request(
      t.baseUrl,
      'PUT',
      `/api/proposal/${open.id}/options/${open.optionId}`,
      {
        cookie: users.stranger.cookie,
        json: { position: 'chosen' },
      },
    );
    expect(visitor.body).toMatchObject({
      message:
        'Only the contractor, the homeowner and invited members can change the selections of this proposal.',
    });
    const note = await request(
      t.baseUrl,
      'PUT',
      `/api/proposal/${open.id}/items/${open.itemId}/note`,
      {
        cookie: users.homeowner.cookie,
        json: { note: 'x', expected: '' },
      },
    );
    expect(note.body).toMatchObject({ message: 'Only the owner of this proposal can do this.' });
  });

  it('the page says what the caller may do', async () => {
    const target = await freshTarget(true);
    const expectations: [Role, { role: string; canShop: boolean; canEditNotes: boolean }][] = [
      ['owner', { role: 'owner', canShop: true, canEditNotes: true }],
      ['homeowner', { role: 'homeowner', canShop: true, canEditNotes: false }],
      ['invitee', { role: 'invitee', canShop: true, canEditNotes: false }],
      ['publicVisitor', { role: 'public', canShop: false, canEditNotes: false }],
      ['publicLoggedOut', { role: 'public', canShop: false, canEditNotes: false }],
    ];
    for (const [role, want] of expectations) {
      const res = await request(t.baseUrl, 'GET', `/api/proposal/${target.id}/selections`, {
        cookie: cookieOf(role),
      });
      const page = selectionsPageSchema.parse(res.body);
      expect({
        role: page.access.role,
        canShop: page.canShop,
        canEditNotes: page.canEditNotes,
      }).toEqual(want);
    }
  });

  it('an invitee removes the options they added, and only those', async () => {
    const target = await freshTarget(false);
    const mine = await request<{ id: string }>(
      t.baseUrl,
      'POST',
      `/api/proposal/${target.id}/addProduct/`,
      {
        cookie: users.invitee.cookie,
        json: { costItemId: target.itemId, productId: await insertProduct('Bridge faucet') },
      },
    );
    expect(mine.status).toBe(201);
    // The page offers Remove on exactly those.
    const canRemove = async (cookie: string) => {
      const page = await request<SelectionsPage>(
        t.baseUrl,
        'GET',
        `/api/proposal/${target.id}/selections`,
        { cookie },
      );
      return Object.fromEntries(
        page.body.groups
          .flatMap((g) => g.items)
          .flatMap((i) => i.options)
          .map((o) => [o.id, o.canRemove]),
      );
    };
    expect(await canRemove(users.invitee.cookie)).toEqual({
      [target.optionId]: false,
      [mine.body.id]: true,
    });
    expect(await canRemove(users.owner.cookie)).toEqual({
      [target.optionId]: true,
      [mine.body.id]: true,
    });
    const others = await request(
      t.baseUrl,
      'DELETE',
      `/api/proposal/${target.id}/options/${target.optionId}`,
      {
        cookie: users.invitee.cookie,
      },
    );
    expect(others.status).toBe(403);
    expect(others.body).toMatchObject({
      message: 'Invited members can remove only the options they added.',
    });
    const own = await request<{ options: { id: string }[] }>(
      t.baseUrl,
      'DELETE',
      `/api/proposal/${target.id}/options/${mine.body.id}`,
      { cookie: users.invitee.cookie },
    );
    expect(own.status).toBe(200);
    expect(own.body.options.map((o) => o.id)).toEqual([target.optionId]);
  });

  it('items and options of another proposal, unknown ids and malformed ids answer 404', async () => {
    const target = await freshTarget(false);
    const other = await freshTarget(false);
    const owner = users.owner.cookie;
    const itemGone = 'This item is no longer among the selections of this proposal.';
    const optionGone = 'This option is no longer on the item.';
    // [method, path, body, message]: a reader of the proposal learns what is missing; a malformed
    // or unknown proposal id tells nothing.
    const attempts: [string, string, unknown, string][] = [
      [
        'PUT',
        `/api/proposal/${target.id}/options/${other.optionId}`,
        { position: 'liked' },
        optionGone,
      ],
      ['DELETE', `/api/proposal/${target.id}/options/${other.optionId}`, undefined, optionGone],
      [
        'PUT',
        `/api/proposal/${target.id}/options/${randomUUID()}`,
        { position: 'liked' },
        optionGone,
      ],
      ['PUT', `/api/proposal/${target.id}/options/not-a-uuid`, { position: 'liked' }, 'Not found'],
      ['DELETE', `/api/proposal/not-a-uuid/options/${target.optionId}`, undefined, 'Not found'],
      [
        'PUT',
        `/api/proposal/${target.id}/items/${target.foreignItemId}/options/order`,
        { optionIds: [] },
        itemGone,
      ],
      [
        'POST',
        `/api/proposal/${target.id}/items/${target.foreignItemId}/comments`,
        { content: 'Hi' },
        itemGone,
      ],
      [
        'POST',
        `/api/proposal/${target.id}/items/not-a-uuid/comments`,
        { content: 'Hi' },
        'Not found',
      ],
      [
        'PUT',
        `/api/proposal/${target.id}/items/${target.foreignItemId}/note`,
        { note: 'x', expected: '' },
        itemGone,
      ],
      [
        'POST',
        `/api/proposal/${target.id}/addProduct/`,
        { costItemId: target.foreignItemId, productId: target.productId },
        itemGone,
      ],
      ['GET', `/api/proposal/${randomUUID()}/selections`, undefined, 'Not found'],
      ['GET', '/api/proposal/not-a-uuid/selections', undefined, 'Not found'],
    ];
    for (const [method, path, json, message] of attempts) {
      const res = await request(t.baseUrl, method, path, { cookie: owner, json });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect((res.body as { message: string }).message, `${method} ${path}`).toBe(message);
    }
  });

  it('an item that is not a selection item is not on the shop page, and cannot be shopped', async () => {
    const id = await createProposal(
      t,
      users.owner,
      proposalInput({
        costGroups: [{ name: 'Demolition', values: [{ name: 'Haul away', rawCost: '300' }] }],
      }),
    );
    const { itemId } = await selectionItem(id);
    const page = await request(t.baseUrl, 'GET', `/api/proposal/${id}/selections`, {
      cookie: users.owner.cookie,
    });
    expect(selectionsPageSchema.parse(page.body).groups).toEqual([]);
    const add = await request(t.baseUrl, 'POST', `/api/proposal/${id}/addProduct/`, {
      cookie: users.owner.cookie,
      json: { costItemId: itemId, productId: await insertProduct('Dumpster') },
    });
    expect(add.status).toBe(404);
    const comment = await request(
      t.baseUrl,
      'POST',
      `/api/proposal/${id}/items/${itemId}/comments`,
      {
        cookie: users.owner.cookie,
        json: { content: 'Hi' },
      },
    );
    expect(comment.status).toBe(404);
  });

  it('a deleted proposal is unknown to everyone', async () => {
    const target = await freshTarget(false);
    const deleted = await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      cookie: users.owner.cookie,
      json: { id: target.id },
    });
    expect(deleted.status).toBe(200);
    for (const role of ['owner', 'homeowner'] as const) {
      const read = await request(t.baseUrl, 'GET', `/api/proposal/${target.id}/selections`, {
        cookie: users[role].cookie,
      });
      expect(read.status).toBe(404);
      const change = await request(
        t.baseUrl,
        'PUT',
        `/api/proposal/${target.id}/options/${target.optionId}`,
        {
          cookie: users[role].cookie,
          json: { position: 'chosen' },
        },
      );
      expect(change.status).toBe(404);
    }
  });
});

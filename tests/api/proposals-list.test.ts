import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalListSchema, type ProposalList } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/** GET /api/proposal/: the dashboard list (docs/product/dashboard.md Dashboard, docs/product/dashboard.md status labels). */
describe('the proposal list', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-01T12:00:00Z');
  let owner: TestUser;
  let homeowner: TestUser;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'lister@example.com');
    homeowner = await signedInUser(t, 'client@example.com', 'homeowner');
    for (let i = 0; i < 5; i++) {
      clock += 60_000;
      ids.push(await createProposal(t, owner, proposalInput({ projectName: `Project ${i}` })));
    }
  });
  afterAll(() => t.close());

  const list = async (who: TestUser, query = '') => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${query}`, { cookie: who.cookie });
    expect(res.status).toBe(200);
    return proposalListSchema.parse(res.body);
  };

  it('lists the owner’s proposals newest first, keyset-paged without gaps or repeats', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ProposalList = await list(
        owner,
        `?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items.map((i) => i._id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...ids].reverse());
    const first = (await list(owner)).items[0]!;
    expect(first).toMatchObject({
      name: 'Casey',
      projectName: 'Project 4',
      status: { label: 'Created', date: first.events.created },
      shoppingPercent: null,
      isPublic: false,
      signed: false,
      access: { role: 'owner', canEdit: true },
    });
  });

  it('pages proposals made in the same millisecond by id, without gaps or repeats', async () => {
    // Same created_at for all: only the cursor's (equal time, smaller id) tiebreak pages them.
    const sameTime = await signedInUser(t, 'same-time@example.com');
    const made: string[] = [];
    for (let i = 0; i < 4; i++) made.push(await createProposal(t, sameTime));
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ProposalList = await list(
        sameTime,
        `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      seen.push(...page.items.map((i) => i._id));
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 10);
    expect(seen).toEqual([...made].sort().reverse());
    expect(pages).toBe(4);
  });

  it('labels Created, Sent and Signed (with the later signing date) from the events', async () => {
    const db = t.app.ctx.db;
    const sent = Date.parse('2026-11-10T00:00:00Z');
    await db.updateTable('proposals').set({ sent_at: sent }).where('id', '=', ids[1]!).execute();
    await db
      .updateTable('proposals')
      .set({
        sent_at: sent,
        signed_by_contractor_at: sent + 5000,
        signed_by_homeowner_at: sent + 1000,
      })
      .where('id', '=', ids[2]!)
      .execute();
    // Only one side signed: still 'Sent'.
    await db
      .updateTable('proposals')
      .set({ sent_at: sent, signed_by_homeowner_at: sent + 1000 })
      .where('id', '=', ids[3]!)
      .execute();
    const byId = new Map((await list(owner)).items.map((i) => [i._id, i]));
    expect(byId.get(ids[0]!)!.status.label).toBe('Created');
    expect(byId.get(ids[1]!)!.status).toEqual({ label: 'Sent', date: sent });
    expect(byId.get(ids[2]!)!.status).toEqual({ label: 'Signed', date: sent + 5000 });
    expect(byId.get(ids[3]!)!.status.label).toBe('Sent');
    expect(byId.get(ids[3]!)!.signed).toBe(true);
    expect(byId.get(ids[3]!)!.access.canEdit).toBe(false);
  });

  it('gives the shopping percentage: selection items with at least one option, rounded up', async () => {
    clock += 60_000;
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          {
            name: 'Bath',
            values: [
              { name: 'Vanity', selection: true },
              { name: 'Toilet', selection: true },
              { name: 'Tub', selection: true },
              { name: 'Labor' },
            ],
          },
        ],
      }),
    );
    const vanity = await t.app.ctx.db
      .selectFrom('cost_items')
      .select('id')
      .where('proposal_id', '=', id)
      .where('name', '=', 'Vanity')
      .executeTakeFirstOrThrow();
    for (const title of ['A', 'B']) {
      const productId = randomUUID();
      await t.app.ctx.db
        .insertInto('products')
        .values({
          id: productId,
          title,
          url: `https://shop.example/${title}`,
          image_url: '',
          image_file_id: null,
          price_cents: null,
          currency: null,
          hostname: 'shop.example',
          manual: 0,
          catalogue: 0,
          created_by: null,
          created_at: clock,
        })
        .execute();
      await t.app.ctx.db
        .insertInto('options')
        .values({
          id: randomUUID(),
          cost_item_id: vanity.id,
          product_id: productId,
          position: 'not_selected',
          sort_order: 0,
          added_by: null,
          created_at: clock,
        })
        .execute();
    }
    const item = (await list(owner)).items.find((i) => i._id === id)!;
    // 1 of 3 selection items has options: 33.3…% rounded up.
    expect(item.shoppingPercent).toBe(34);
    ids.push(id);
  });

  it('shows members the proposals they belong to, with their role; not others', async () => {
    await addMember(t, ids[0]!, homeowner.id, 'homeowner');
    const designer = await signedInUser(t, 'designer@example.com', 'homeowner');
    await addMember(t, ids[1]!, designer.id, 'invitee');
    const mine = await list(homeowner);
    expect(mine.items.map((i) => [i._id, i.access])).toEqual([
      [ids[0], { role: 'homeowner', canEdit: false }],
    ]);
    expect((await list(designer)).items.map((i) => i.access.role)).toEqual(['invitee']);
    const stranger = await signedInUser(t, 'nobody@example.com');
    expect((await list(stranger)).items).toEqual([]);
  });

  it('hides a deleted proposal from everyone’s list', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id: ids[0] },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect((await list(owner)).items.map((i) => i._id)).not.toContain(ids[0]);
    expect((await list(homeowner)).items).toEqual([]);
  });

  it('refuses a bad cursor with 400 and a logged-out caller with 401', async () => {
    const bad = await request(t.baseUrl, 'GET', '/api/proposal/?cursor=nonsense', {
      cookie: owner.cookie,
    });
    expect(bad.status).toBe(400);
    const out = await request(t.baseUrl, 'GET', '/api/proposal/');
    expect(out.status).toBe(401);
    const tooMany = await request(t.baseUrl, 'GET', '/api/proposal/?limit=1000', {
      cookie: owner.cookie,
    });
    expect(tooMany.status).toBe(400);
  });
});

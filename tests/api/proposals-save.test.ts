import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  proposalSchema,
  proposalUpdateReplySchema,
  type ProposalInput,
} from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  asInput,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/** docs/product/proposals-editor.md save rules and server-side cost evaluation. */
describe('saving a proposal', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  const get = async (id: string) => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    return proposalSchema.parse(res.body);
  };
  const put = (id: string, body: ProposalInput & { version: number }) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${id}`, { json: body, cookie: owner.cookie });

  it('creates with the id as text, and reads back the §3 shape with cents computed on the server', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput(),
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const id = res.body as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    const p = await get(id);
    expect(p).toMatchObject({
      _id: id,
      proposalId: id,
      version: 1,
      ownerName: 'Casey Contractor',
      projectName: 'Kitchen remodel',
      isPublic: false,
      signed: false,
      edited: false,
      access: { role: 'owner', canEdit: true },
      sectionVisibility: {
        cover: true,
        welcome: true,
        bigpicture: true,
        plan: true,
        shoppinglist: true,
        contract: true,
      },
    });
    expect(p.events.created).toBeGreaterThan(0);
    expect(p.events.sent).toBeNull();
    const items = p.costGroups[0]!.values;
    expect(items.map((i) => [i.name, i.rawCost, i.costCents])).toEqual([
      ['Remove cabinets', '1200+350*2', 190000],
      ['Haul away', '300', 30000],
    ]);
  });

  it('refuses an invalid cost with the item named, and stores nothing', async () => {
    const before = await t.app.ctx.db
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({
        costGroups: [{ name: 'Framing', values: [{ name: 'Studs', rawCost: '12+*3' }] }],
      }),
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toBe(
      'The cost of “Studs” is not a valid amount.',
    );
    const after = await t.app.ctx.db
      .selectFrom('proposals')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('ignores what a client may not set (owner, events, public, signatures)', async () => {
    const id = await createProposal(t, owner, {
      ...proposalInput(),
      ...({
        ownerId: randomUUID(),
        isPublic: true,
        events: { created: 1, sent: 2, edited: 3, signedByContractor: 4, signedByHomeowner: 5 },
        homeownerSignature: '/x.png',
        version: 99,
      } as object),
    });
    const p = await get(id);
    expect(p.isPublic).toBe(false);
    expect(p.version).toBe(1);
    expect(p.events.sent).toBeNull();
    expect(p.events.signedByHomeowner).toBeNull();
    expect(p.homeownerSignature).toBeNull();
    expect(p.access.role).toBe('owner');
  });

  it('drops pristine groups, pristine items and nameless items, and keeps the order given', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Untouched', pristine: true, values: [{ name: '', pristine: true }] },
          {
            name: 'Plumbing',
            values: [
              { name: 'Sink', rawCost: '450', selection: true, costType: 4 },
              { name: 'Preset row', pristine: true },
              { name: '   ' },
              { name: 'Faucet', rawCost: '220.5', selection: true, costType: 4 },
            ],
          },
          { name: 'Electrical', values: [{ name: 'Outlets', rawCost: '10*12' }] },
          // Marked pristine but holding an item the user wrote: kept, not silently lost.
          { name: 'Half-edited', pristine: true, values: [{ name: 'Typed item' }] },
        ],
      }),
    );
    const p = await get(id);
    expect(p.costGroups.map((g) => g.name)).toEqual(['Plumbing', 'Electrical', 'Half-edited']);
    expect(p.costGroups[0]!.values.map((v) => [v.name, v.costCents, v.selection])).toEqual([
      ['Sink', 45000, true],
      ['Faucet', 22050, true],
    ]);
    expect(p.costGroups[1]!.values[0]!.costCents).toBe(12000);
  });

  it('keeps ids across saves, so options and comments of surviving items survive; removed rows go', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Kitchen', values: [{ name: 'Sink' }, { name: 'Range' }, { name: 'Hood' }] },
          { name: 'Flooring', values: [{ name: 'Tile' }] },
        ],
      }),
    );
    const first = await get(id);
    const [kitchen, flooring] = first.costGroups;
    const [sink, range, hood] = kitchen!.values;
    const tile = flooring!.values[0]!;

    // An option on the sink and a comment on the range and on the hood, as other features add them.
    const db = t.app.ctx.db;
    const productId = randomUUID();
    await db
      .insertInto('products')
      .values({
        id: productId,
        title: 'Farmhouse sink',
        url: 'https://shop.example/sink',
        image_url: '',
        image_file_id: null,
        price_cents: 39900,
        currency: 'USD',
        hostname: 'shop.example',
        manual: 0,
        catalogue: 0,
        created_by: owner.id,
        created_at: Date.now(),
      })
      .execute();
    await db
      .insertInto('options')
      .values({
        id: randomUUID(),
        cost_item_id: sink!.id,
        product_id: productId,
        position: 'liked',
        sort_order: 0,
        added_by: owner.id,
        created_at: Date.now(),
      })
      .execute();
    for (const item of [range!, hood!]) {
      await db
        .insertInto('comments')
        .values({
          id: randomUUID(),
          cost_item_id: item.id,
          user_id: owner.id,
          email: owner.email,
          content: `About the ${item.name}`,
          created_at: Date.now(),
        })
        .execute();
    }

    // Reorder: flooring first; in the kitchen the range moves up, the hood is removed, a new item
    // is added, and the tile moves into the kitchen. A made-up id is treated as new.
    const input = asInput(first);
    const [kitchenIn, flooringIn] = input.costGroups ?? [];
    const made = randomUUID();
    input.costGroups = [
      { ...flooringIn!, values: [] },
      {
        ...kitchenIn!,
        name: 'Kitchen (revised)',
        values: [
          { id: range!.id, name: 'Range', rawCost: '2500' },
          { id: sink!.id, name: 'Sink' },
          { id: made, name: 'Dishwasher' },
          { id: tile.id, name: 'Tile' },
        ],
      },
    ];
    const res = await put(id, input);
    expect(res.status).toBe(200);
    const saved = proposalUpdateReplySchema.parse(res.body);
    expect(saved.id).toBe(id);
    expect(saved.version).toBe(2);
    expect(saved.events.edited).not.toBeNull();

    expect(saved.costGroups.map((g) => [g.id, g.name])).toEqual([
      [flooring!.id, 'Flooring'],
      [kitchen!.id, 'Kitchen (revised)'],
    ]);
    const values = saved.costGroups[1]!.values;
    expect(values.map((v) => v.name)).toEqual(['Range', 'Sink', 'Dishwasher', 'Tile']);
    expect(values[0]!.id).toBe(range!.id);
    expect(values[0]!.costCents).toBe(250000);
    expect(values[1]!.id).toBe(sink!.id);
    expect(values[1]!.optionCount).toBe(1);
    expect(values[2]!.id).not.toBe(made);
    expect(values[3]!.id).toBe(tile.id);

    const comments = await db.selectFrom('comments').select(['cost_item_id']).execute();
    const commented = comments.map((c) => c.cost_item_id);
    expect(commented).toContain(range!.id);
    expect(commented).not.toContain(hood!.id);
    const hoodRow = await db
      .selectFrom('cost_items')
      .select('id')
      .where('id', '=', hood!.id)
      .execute();
    expect(hoodRow).toEqual([]);

    // Saving the same thing again changes no id.
    const again = await put(id, asInput(saved));
    expect(again.status).toBe(200);
    const twice = proposalSchema.parse(again.body);
    expect(twice.costGroups.flatMap((g) => g.values.map((v) => v.id))).toEqual(
      saved.costGroups.flatMap((g) => g.values.map((v) => v.id)),
    );
  });

  it("never takes over another proposal's rows through their ids", async () => {
    const other = await signedInUser(t, 'other@example.com');
    const theirs = await createProposal(t, other);
    const theirRow = await t.app.ctx.db
      .selectFrom('cost_items')
      .select(['id', 'group_id'])
      .where('proposal_id', '=', theirs)
      .executeTakeFirstOrThrow();
    const mine = await createProposal(t, owner);
    const p = await get(mine);
    const input = asInput(p);
    input.costGroups = [
      { id: theirRow.group_id, name: 'Stolen', values: [{ id: theirRow.id, name: 'Stolen item' }] },
    ];
    const res = await put(mine, input);
    expect(res.status).toBe(200);
    const saved = proposalSchema.parse(res.body);
    expect(saved.costGroups[0]!.id).not.toBe(theirRow.group_id);
    expect(saved.costGroups[0]!.values[0]!.id).not.toBe(theirRow.id);
    const still = await t.app.ctx.db
      .selectFrom('cost_items')
      .select(['name', 'proposal_id'])
      .where('id', '=', theirRow.id)
      .executeTakeFirstOrThrow();
    expect(still).toEqual({ name: 'Remove cabinets', proposal_id: theirs });
  });

  it('validates the payload with readable 400s', async () => {
    const res = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: { costGroups: [{ name: 'x'.repeat(201) }] },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/200 characters/);
    const noVersion = await request(t.baseUrl, 'PUT', `/api/proposal/${randomUUID()}`, {
      json: proposalInput(),
      cookie: owner.cookie,
    });
    expect(noVersion.status).toBe(400);
  });

  it('keeps a large plan in order', async () => {
    const costGroups = Array.from({ length: 30 }, (_, g) => ({
      name: `Group ${g}`,
      values: Array.from({ length: 20 }, (_, i) => ({ name: `Item ${g}.${i}`, rawCost: `${i}` })),
    }));
    const id = await createProposal(t, owner, proposalInput({ costGroups }));
    const p = await get(id);
    expect(p.costGroups).toHaveLength(30);
    expect(p.costGroups[29]!.values[19]!.name).toBe('Item 29.19');
    expect(p.costGroups[3]!.values.map((v) => v.costCents)).toEqual(
      Array.from({ length: 20 }, (_, i) => i * 100),
    );
  });
});

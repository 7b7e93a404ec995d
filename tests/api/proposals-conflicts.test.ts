import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FROZEN_AFTER_SIGNING,
  STALE_VERSION,
  proposalSchema,
  type ProposalUpdate,
} from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import { insertProduct } from './support/products';
import {
  asInput,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/** Optimistic concurrency (PUT carries its version) and the freeze after the homeowner signs. */
describe('conflicting saves', () => {
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
  const put = (id: string, body: ProposalUpdate) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${id}`, { json: body, cookie: owner.cookie });

  it('answers 409 on a stale version and changes nothing', async () => {
    const id = await createProposal(t, owner);
    const p = await get(id);
    expect((await put(id, { ...asInput(p), projectName: 'First edit' })).status).toBe(200);
    const stale = await put(id, {
      ...asInput(p),
      projectName: 'Lost edit',
      costGroups: [],
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ message: STALE_VERSION, code: 'stale_version' });
    const now = await get(id);
    expect(now.projectName).toBe('First edit');
    expect(now.version).toBe(2);
    expect(now.costGroups).toHaveLength(1);
  });

  it('answers 400 to a version no proposal can have, on both engines, and changes nothing', async () => {
    const id = await createProposal(t, owner);
    const p = await get(id);
    // Past the integer column: no version at all, so a malformed request (it answered 409).
    for (const version of [0, 2 ** 31]) {
      const res = await put(id, { ...asInput(p), projectName: 'Odd', version });
      expect(res.status, String(version)).toBe(400);
    }
    expect((await get(id)).projectName).toBe(p.projectName);
  });

  it('two saves racing from one version: one wins, the other gets 409', async () => {
    const id = await createProposal(t, owner);
    const p = await get(id);
    const results = await Promise.all(
      ['A', 'B', 'C'].map((n) => put(id, { ...asInput(p), projectName: n })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await get(id)).version).toBe(2);
  });

  it('is frozen once the homeowner has signed (409, nothing changed), and says so', async () => {
    const id = await createProposal(t, owner);
    const p = await get(id);
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ signed_by_homeowner_at: Date.now() })
      .where('id', '=', id)
      .execute();
    const res = await put(id, { ...asInput(p), contract: 'Changed after signing' });
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(FROZEN_AFTER_SIGNING);
    const now = await get(id);
    expect(now.contract).toBe(p.contract);
    expect(now.signed).toBe(true);
    expect(now.access).toEqual({ role: 'owner', canEdit: false });
  });

  describe('a save that removes items which gained options in the shop since the editor loaded', () => {
    async function kitchen() {
      const id = await createProposal(
        t,
        owner,
        proposalInput({
          costGroups: [
            {
              name: 'Kitchen',
              values: [
                { name: 'Faucet', rawCost: '300', selection: true },
                { name: 'Sink', rawCost: '450', selection: true },
                { name: 'Tile', rawCost: '900' },
              ],
            },
          ],
        }),
      );
      const loaded = await get(id);
      const [faucet, sink] = loaded.costGroups[0]!.values;
      return { id, loaded, faucet: faucet!, sink: sink! };
    }
    const addOption = async (id: string, itemId: string, title: string) => {
      const productId = await insertProduct(t, { title, catalogue: 1 });
      const res = await request(t.baseUrl, 'POST', `/api/proposal/${id}/addProduct/`, {
        json: { costItemId: itemId, productId },
        cookie: owner.cookie,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    };
    /** The loaded plan without Faucet and Sink. */
    const withoutTwo = (loaded: Awaited<ReturnType<typeof get>>) => {
      const input = asInput(loaded);
      const group = input.costGroups![0]!;
      return { ...input, costGroups: [{ ...group, values: group.values!.slice(2) }] };
    };

    it('is refused, naming the item, and changes nothing', async () => {
      const { id, loaded, faucet } = await kitchen();
      // The editor showed no options; the homeowner adds one meanwhile.
      await addOption(id, faucet.id, 'Brass faucet');
      const res = await put(id, { ...withoutTwo(loaded), projectName: 'Lost', removing: [] });
      expect(res.status).toBe(409);
      expect((res.body as { message: string }).message).toBe(
        'Since you opened this proposal, “Faucet” got new product options in the shop; this save would remove it with its options.',
      );
      const now = await get(id);
      expect(now.version).toBe(loaded.version);
      expect(now.projectName).toBe(loaded.projectName);
      expect(now.costGroups[0]!.values.map((i) => [i.name, i.optionCount])).toEqual([
        ['Faucet', 1],
        ['Sink', 0],
        ['Tile', 0],
      ]);
    });

    it('goes through when the editor showed those options, or when the user removes them anyway', async () => {
      const { id, faucet } = await kitchen();
      await addOption(id, faucet.id, 'Brass faucet');
      const seen = await get(id);
      // Loaded with the option on screen: the removal is the user's, nothing to ask.
      const res = await put(id, {
        ...withoutTwo(seen),
        removing: [{ id: faucet.id, optionCount: 1 }],
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect((await get(id)).costGroups[0]!.values.map((i) => i.name)).toEqual(['Tile']);

      const other = await kitchen();
      await addOption(other.id, other.sink.id, 'Steel sink');
      await addOption(other.id, other.sink.id, 'Stone sink');
      const shown = await put(other.id, {
        ...withoutTwo(other.loaded),
        removing: [{ id: other.sink.id, optionCount: 1 }],
      });
      expect(shown.status).toBe(409);
      // A code tells the editor which 409 this is (decision 0077); the message tells the person.
      expect((shown.body as { code: string }).code).toBe('options_gained');
      expect((shown.body as { message: string }).message).toContain(
        '“Sink” got new product options',
      );
      // Without `removing` (the user confirmed), the items go with their options.
      const anyway = await put(other.id, withoutTwo(other.loaded));
      expect(anyway.status).toBe(200);
      const options = await t.app.ctx.db
        .selectFrom('options')
        .select('id')
        .where('cost_item_id', 'in', [other.faucet.id, other.sink.id])
        .execute();
      expect(options).toEqual([]);
    });

    it('answers 400 to a malformed list', async () => {
      const { id, loaded } = await kitchen();
      const res = await put(id, {
        ...asInput(loaded),
        removing: [{ id: 'x', optionCount: -1 }],
      });
      expect(res.status).toBe(400);
    });
  });
});

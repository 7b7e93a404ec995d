import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDIT_WINDOW_MS } from '../../src/server/proposals/edit-trace';
import { proposalSchema, type Proposal } from '../../src/shared/schemas/proposal';
import { fullInput, homeownerOf, inviteeOf } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * Decision 0085: a change to what the homeowner reads, saved after sending, leaves an 'edited'
 * event with its editor in the owner's activity (saves in a row are one), and moves the edited
 * time the homeowner's 'Updated …' notice reads; a save that changes nothing does neither.
 */

describe('an edit after sending', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let ahead = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp({
      now: () => Date.now() + ahead,
      limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000 },
    });
    owner = await signedInUser(t, 'edit-owner@example.com', 'contractor');
    stranger = await signedInUser(t, 'edit-stranger@example.com', 'contractor');
  });
  afterAll(() => t.close());

  const get = async (id: string, who: { cookie?: string } = owner) => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, who);
    expect(res.status).toBe(200);
    return proposalSchema.parse(res.body);
  };
  /** Saves the proposal as loaded, with `cost` as the refrigerator's price. */
  const save = async (p: Proposal, cost?: string) => {
    const input = fullInput(p);
    const res = await request(t.baseUrl, 'PUT', `/api/proposal/${p._id}`, {
      json: {
        ...input,
        costGroups: (input.costGroups ?? []).map((g) => ({
          ...g,
          values: (g.values ?? []).map((v) =>
            v.name === 'Refrigerator' && cost !== undefined ? { ...v, rawCost: cost } : v,
          ),
        })),
      },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    return get(p._id);
  };
  const edits = (p: Proposal) => (p.activity ?? []).filter((e) => e.kind === 'edited');

  async function proposal(): Promise<string> {
    seq += 1;
    return createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          {
            name: 'Kitchens',
            values: [
              { name: 'Refrigerator', rawCost: '2899', costType: 4, selection: true },
              { name: 'Cabinets', rawCost: '1000', costType: 4 },
            ],
          },
        ],
      }),
    );
  }

  it('adds one edited event with its editor; saves in the window keep one, later ones add', async () => {
    const id = await proposal();
    // Before sending: the edited time moves, no event.
    const draft = await save(await get(id), '2999');
    expect(draft.events.edited).not.toBeNull();
    expect(edits(draft)).toEqual([]);

    const home = await homeownerOf(t, owner, id, `edit-home${seq}@example.com`, 'Hana Reyes');
    const sent = await get(id);
    expect(sent.edited).toBe(false);

    ahead += 60_000;
    const raised = await save(sent, '3899');
    expect(raised.costGroups[0]!.values[0]!.costCents).toBe(389_900);
    expect(edits(raised)).toEqual([
      { kind: 'edited', at: raised.events.edited, by: owner.name, role: 'contractor' },
    ]);
    expect(raised.events.edited).toBeGreaterThan(raised.events.sent!);
    expect(raised.edited).toBe(true);

    // Two more saves within the window: still one line, at the last one's time.
    ahead += EDIT_WINDOW_MS - 60_000;
    const again = await save(raised, '3999');
    ahead += 60_000;
    const third = await save(again, '4099');
    expect(edits(third)).toHaveLength(1);
    expect(edits(third)[0]!.at).toBe(third.events.edited);
    expect(third.events.edited).toBeGreaterThan(raised.events.edited!);

    // The homeowner sees the edited time after the sent time, and no activity.
    const seen = await get(id, home);
    expect(seen.events.edited).toBe(third.events.edited);
    expect(seen.events.edited).toBeGreaterThan(seen.events.sent!);
    expect(seen).not.toHaveProperty('activity');

    // Their open ends the run of saves: the next edit is a line of its own, after it.
    ahead += 60_000;
    const fourth = await save(await get(id), '4199');
    expect((fourth.activity ?? []).map((e) => e.kind)).toEqual([
      'created',
      'sent',
      'edited',
      'opened',
      'edited',
    ]);
    // So does the window's end.
    ahead += EDIT_WINDOW_MS + 1;
    const fifth = await save(fourth, '4299');
    expect(edits(fifth)).toHaveLength(3);
  });

  it('a save that changes nothing the homeowner reads adds nothing and keeps the edited time', async () => {
    const id = await proposal();
    await homeownerOf(t, owner, id, `edit-home${seq}@example.com`);
    const sent = await get(id);
    ahead += 60_000;
    const same = await save(sent);
    expect(same.version).toBe(sent.version + 1);
    expect(edits(same)).toEqual([]);
    expect(same.events.edited).toBe(sent.events.edited);
    expect(same.edited).toBe(false);
    // The same cents typed another way are no change either.
    const sum = await save(same, '2000+899');
    expect(sum.costGroups[0]!.values[0]!.rawCost).toBe('2000+899');
    expect(edits(sum)).toEqual([]);
  });

  it('a note changed after sending is an edit too', async () => {
    const id = await proposal();
    await homeownerOf(t, owner, id, `edit-home${seq}@example.com`);
    const sent = await get(id);
    const item = sent.costGroups[0]!.values[0]!;
    ahead += 60_000;
    const res = await request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${item.id}/note`, {
      json: { note: 'Counter-depth, stainless', expected: item.note },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const after = await get(id);
    expect(edits(after)).toEqual([
      { kind: 'edited', at: after.events.edited, by: owner.name, role: 'contractor' },
    ]);
  });

  it('changes nobody’s access: a stranger still cannot read it, an invitee gets no activity', async () => {
    const id = await proposal();
    await homeownerOf(t, owner, id, `edit-home${seq}@example.com`);
    ahead += 60_000;
    await save(await get(id), '3899');
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, stranger);
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('edited');
    const invitee = await inviteeOf(t, owner, id, `edit-viewer${seq}@example.com`);
    expect(await get(id, invitee)).not.toHaveProperty('activity');
    const anonymous = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {});
    expect(anonymous.status).not.toBe(200);
  });
});

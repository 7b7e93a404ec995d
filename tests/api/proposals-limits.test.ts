import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  PROPOSAL_LIMITS,
  TOO_MANY_GROUPS,
  TOO_MANY_ITEMS,
  TOO_MANY_ITEMS_IN_GROUP,
  proposalSchema,
  type ProposalInput,
} from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * Issue 18 / decision 0014: a proposal's size is capped (groups, items per group, items in all),
 * far above a real job and far below the 100 × 300 items that stall the server. Past a cap the
 * save is 400 and the message names the limit.
 */

const plan = (groups: number, items: number): ProposalInput['costGroups'] =>
  Array.from({ length: groups }, (_, g) => ({
    name: `Group ${g + 1}`,
    values: Array.from({ length: items }, (_, i) => ({ name: `Item ${i + 1}`, rawCost: '10' })),
  }));

describe('proposal size limits', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp();
    owner = await signedInUser(t, 'limits@example.com');
  });
  afterAll(() => t.close());

  const create = (costGroups: ProposalInput['costGroups']) =>
    request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ costGroups }),
      cookie: owner.cookie,
    });

  it('the limits are far below 100 × 300 items', () => {
    expect(PROPOSAL_LIMITS.items).toBeLessThanOrEqual((100 * 300) / 10);
    expect(PROPOSAL_LIMITS.costGroups * PROPOSAL_LIMITS.itemsPerGroup).toBeGreaterThan(
      PROPOSAL_LIMITS.items,
    );
  });

  it('the 100 × 300 proposal is refused, naming the limit', async () => {
    const res = await create(plan(100, 300));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ statusCode: 400 });
    expect((res.body as { message: string }).message).toContain(TOO_MANY_GROUPS);
  });

  it('too many groups, too many items in a group, too many items in all: 400 naming each limit', async () => {
    const groups = await create(plan(PROPOSAL_LIMITS.costGroups + 1, 1));
    expect(groups.status).toBe(400);
    expect(groups.body).toMatchObject({ message: TOO_MANY_GROUPS });
    expect(TOO_MANY_GROUPS).toBe('A proposal can have at most 60 cost groups.');

    const perGroup = await create(plan(1, PROPOSAL_LIMITS.itemsPerGroup + 1));
    expect(perGroup.status).toBe(400);
    expect(perGroup.body).toMatchObject({ message: TOO_MANY_ITEMS_IN_GROUP });
    expect(TOO_MANY_ITEMS_IN_GROUP).toBe('A cost group can have at most 200 items.');

    const all = await create(plan(20, 101));
    expect(all.status).toBe(400);
    expect(all.body).toMatchObject({ message: TOO_MANY_ITEMS });
    expect(TOO_MANY_ITEMS).toBe('A proposal can have at most 2,000 items in all.');
  });

  it('the largest allowed plan saves and reads back; one item more on a save is refused', async () => {
    const id = await createProposal(t, owner, proposalInput({ costGroups: plan(20, 100) }));
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, owner);
    expect(read.status).toBe(200);
    const p = proposalSchema.parse(read.body);
    expect(p.costGroups.reduce((n, g) => n + g.values.length, 0)).toBe(PROPOSAL_LIMITS.items);

    const more = plan(20, 100)!;
    more[0]!.values!.push({ name: 'One more', rawCost: '1' });
    const res = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...proposalInput({ costGroups: more }), version: p.version },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: TOO_MANY_ITEMS });
  });
});

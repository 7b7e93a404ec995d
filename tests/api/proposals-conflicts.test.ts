import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FROZEN_AFTER_SIGNING,
  STALE_VERSION,
  proposalSchema,
  type ProposalInput,
} from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import { asInput, createProposal, signedInUser, type TestUser } from './support/users';

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
  const put = (id: string, body: ProposalInput & { version: number }) =>
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
    expect((stale.body as { message: string }).message).toBe(STALE_VERSION);
    const now = await get(id);
    expect(now.projectName).toBe('First edit');
    expect(now.version).toBe(2);
    expect(now.costGroups).toHaveLength(1);
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
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalListSchema, type ProposalListItem } from '../../src/shared/schemas/proposal';
import { homeownerOf, inviteeOf, sendProposal, signAs } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * GET /api/proposal/: who each proposal waits for (decision 0019), through a proposal's whole
 * life, from the owner's, the homeowner's and an invitee's lists: driven by the real send, open
 * and sign routes.
 */
describe('who is waiting, in the dashboard list', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000 } });
    owner = await signedInUser(t, 'waiting-owner@example.com');
  });
  afterAll(() => t.close());

  async function itemOf(who: TestUser, id: string): Promise<ProposalListItem> {
    const res = await request(t.baseUrl, 'GET', '/api/proposal/', {
      cookie: who.cookie,
      jar: who.jar,
    });
    expect(res.status).toBe(200);
    const item = proposalListSchema.parse(res.body).items.find((i) => i._id === id);
    if (!item) throw new Error(`${id} is not in the list`);
    return item;
  }

  it('waits for nobody before sending', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Unsent' }));
    expect((await itemOf(owner, id)).waiting).toEqual({
      pending: [],
      homeownerSignedAt: null,
      notOpened: false,
    });
  });

  it('follows a proposal from sending to both signatures, for each reader', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Waiting kitchen' }));
    // homeownerOf sends and signs the homeowner in, but does not open the proposal yet.
    const homeowner = await homeownerOf(t, owner, id, 'waiting-home@example.com', 'Sam Lee');
    const invitee = await inviteeOf(t, owner, id, 'waiting-guest@example.com');

    // Sent, never opened.
    const sent = await itemOf(owner, id);
    expect(sent.status.label).toBe('Sent');
    expect(sent.waiting).toEqual({
      pending: [
        { role: 'homeowner', name: 'Sam Lee', you: false },
        { role: 'contractor', name: 'Casey', you: true },
      ],
      homeownerSignedAt: null,
      notOpened: true,
    });
    expect((await itemOf(homeowner, id)).waiting).toEqual({
      pending: [
        { role: 'homeowner', name: 'Sam Lee', you: true },
        { role: 'contractor', name: 'Casey', you: false },
      ],
      homeownerSignedAt: null,
      notOpened: false,
    });
    expect((await itemOf(invitee, id)).waiting.pending.map((p) => p.you)).toEqual([false, false]);
    expect((await itemOf(invitee, id)).waiting.notOpened).toBe(false);

    // The homeowner opens it: no longer "not opened".
    const opened = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: homeowner.cookie,
      jar: homeowner.jar,
    });
    expect(opened.status).toBe(200);
    expect((await itemOf(owner, id)).waiting.notOpened).toBe(false);

    // The homeowner signs: the contractor's signature is awaited.
    expect((await signAs(t, homeowner, id, 'homeowner')).status).toBe(200);
    const afterHomeowner = await itemOf(owner, id);
    expect(afterHomeowner.status.label).toBe('Sent');
    expect(afterHomeowner.waiting).toEqual({
      pending: [{ role: 'contractor', name: 'Casey', you: true }],
      homeownerSignedAt: afterHomeowner.events.signedByHomeowner,
      notOpened: false,
    });
    expect(afterHomeowner.waiting.homeownerSignedAt).toEqual(expect.any(Number));
    expect((await itemOf(homeowner, id)).waiting.pending).toEqual([
      { role: 'contractor', name: 'Casey', you: false },
    ]);

    // Both signed: nobody is waited for.
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    for (const who of [owner, homeowner, invitee]) {
      const item = await itemOf(who, id);
      expect(item.status.label).toBe('Signed');
      expect(item.waiting.pending).toEqual([]);
    }
  });

  it('names the contractor by their account when the proposal has no name', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'No names', name: '' }));
    const sent = await sendProposal(t, owner, {
      proposalId: id,
      to: 'nameless-home@example.com',
      homeownersName: 'Pat',
    });
    expect(sent.status).toBe(200);
    expect((await itemOf(owner, id)).waiting.pending).toEqual([
      { role: 'homeowner', name: 'Pat', you: false },
      { role: 'contractor', name: 'Casey Contractor', you: true },
    ]);
  });

  it('waits for the homeowner when the contractor signed first', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Contractor first' }));
    await homeownerOf(t, owner, id, 'second-home@example.com', 'Robin Park');
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    expect((await itemOf(owner, id)).waiting).toEqual({
      pending: [{ role: 'homeowner', name: 'Robin Park', you: false }],
      homeownerSignedAt: null,
      notOpened: true,
    });
  });

  it('waits for no homeowner once the homeowner is removed', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Removed homeowner' }));
    const to = 'removed-home@example.com';
    expect((await sendProposal(t, owner, { proposalId: id, to })).status).toBe(200);
    const homeowner = await t.app.ctx.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', to)
      .executeTakeFirstOrThrow();
    const removed = await request(
      t.baseUrl,
      'DELETE',
      `/api/proposal/${id}/members/${homeowner.id}`,
      {
        cookie: owner.cookie,
      },
    );
    expect(removed.status).toBe(200);
    const item = await itemOf(owner, id);
    expect(item.status.label).toBe('Sent');
    expect(item.waiting).toEqual({
      pending: [{ role: 'contractor', name: 'Casey', you: true }],
      homeownerSignedAt: null,
      notOpened: false,
    });
  });
});

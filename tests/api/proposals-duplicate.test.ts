import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalInputSchema } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/** docs/product/dashboard.md Duplicate, and item name suggestions from the contractor's own earlier proposals. */
describe('duplicate and suggestions', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'owner@example.com');
  });
  afterAll(() => t.close());

  it('duplicates as a draft for the create screen: contract, note, company and plan; no images, ids or project', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        projectScope: 'Open the wall',
        costGroups: [
          {
            name: 'Kitchen',
            note: 'Group note',
            values: [
              { name: 'Sink', rawCost: '100*2', costType: 4, selection: true, note: 'Deep' },
            ],
          },
        ],
      }),
    );
    const res = await request(t.baseUrl, 'POST', '/api/proposal/duplicate', {
      json: { id },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const draft = proposalInputSchema.parse(res.body);
    expect(draft).toMatchObject({
      companyName: 'Casey Builds',
      introductoryNote: 'Thanks for the opportunity.',
      contract: 'All work will be done in a workmanlike manner.',
      name: 'Casey',
      phoneNumber: '555-0100',
      projectName: '',
      projectAddress: '',
      projectScope: '',
      personalPhotoId: null,
      companyLogoId: null,
      currentConditionIds: [],
    });
    expect(draft.costGroups).toEqual([
      {
        name: 'Kitchen',
        note: 'Group note',
        pristine: false,
        imageIds: [],
        values: [
          {
            name: 'Sink',
            rawCost: '100*2',
            costType: 4,
            selection: true,
            note: 'Deep',
            pristine: false,
          },
        ],
      },
    ]);
    expect(JSON.stringify(res.body)).not.toContain(id);
    // Nothing was stored.
    const list = await request(t.baseUrl, 'GET', '/api/proposal/?limit=100', {
      cookie: owner.cookie,
    });
    const ids = (list.body as { items: { _id: string }[] }).items.map((i) => i._id);
    expect(ids.filter((x) => x === id)).toHaveLength(1);
  });

  it('suggests item names this contractor used under a group of that name, most used first', async () => {
    const me = await signedInUser(t, 'suggest@example.com');
    const group = (values: string[]) => ({
      name: 'Decking',
      values: values.map((name) => ({ name })),
    });
    await createProposal(t, me, proposalInput({ costGroups: [group(['Joists', 'Boards'])] }));
    await createProposal(t, me, proposalInput({ costGroups: [group(['Boards', 'Railing'])] }));
    await createProposal(
      t,
      me,
      proposalInput({ costGroups: [{ name: 'decking', values: [{ name: 'Boards' }] }] }),
    );
    await createProposal(
      t,
      me,
      proposalInput({ costGroups: [{ name: 'Other', values: [{ name: 'Nope' }] }] }),
    );
    const res = await request(t.baseUrl, 'GET', '/api/proposal/suggestions?groupName=DECKING', {
      cookie: me.cookie,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(['Boards', 'Joists', 'Railing']);
    // Another contractor's names are not offered.
    const theirs = await request(t.baseUrl, 'GET', '/api/proposal/suggestions?groupName=Decking', {
      cookie: owner.cookie,
    });
    expect(theirs.body).toEqual([]);
  });
});

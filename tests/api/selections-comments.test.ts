import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import {
  commentSchema,
  selectionsPageSchema,
  type Comment,
} from '../../src/shared/schemas/selections';
import { request, startTestApp, type TestApp } from './support/test-app';
import { fullInput, homeownerOf, inviteeOf, messageOf } from './support/signing';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * Comments on selection items (docs/product/selections.md Comment: content, time, the author's e-mail): stored as typed
 * (trimmed), shown oldest first, with the author's e-mail for members only.
 */

describe('item comments', () => {
  let t: TestApp;
  let owner: TestUser;
  let homeowner: TestUser;
  let invitee: TestUser;
  let visitor: TestUser;
  let id: string;
  let itemId: string;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'comments-owner@example.com');
    visitor = await signedInUser(t, 'passer-by@example.com');
    id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Kitchens', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
        ],
      }),
    );
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    itemId = proposalSchema.parse(res.body).costGroups[0]!.values[0]!.id;
    homeowner = await homeownerOf(t, owner, id, 'comments-home@example.com');
    invitee = await inviteeOf(t, owner, id, 'quiet.designer@example.com');
    await t.app.ctx.db
      .updateTable('users')
      .set({ name: '' })
      .where('id', '=', invitee.id)
      .execute();
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ is_public: 1 })
      .where('id', '=', id)
      .execute();
  });
  afterAll(() => t.close());

  const post = (who: TestUser, content: unknown) =>
    request(t.baseUrl, 'POST', `/api/proposal/${id}/items/${itemId}/comments`, {
      json: { content },
      cookie: who.cookie,
    });

  async function commentsSeenBy(cookie: string | undefined): Promise<Comment[]> {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}/selections`, { cookie });
    expect(res.status).toBe(200);
    return selectionsPageSchema.parse(res.body).groups[0]!.items[0]!.comments;
  }

  it('stores the trimmed text, the author and the time, oldest first, and tells each reader which are theirs', async () => {
    const first = await post(homeowner, '  Can we see this in brass?  ');
    expect(first.status).toBe(201);
    expect(commentSchema.parse(first.body)).toMatchObject({
      content: 'Can we see this in brass?',
      email: 'comments-home@example.com',
      authorName: 'Hana Homeowner',
      mine: true,
    });
    // Text from people is kept as typed; the page renders it as text.
    expect((await post(owner, '<b>Sure</b> – ordering a sample')).status).toBe(201);
    expect((await post(invitee, 'Brass clashes with the tile')).status).toBe(201);

    const seenByOwner = await commentsSeenBy(owner.cookie);
    expect(seenByOwner.map((c) => [c.content, c.email, c.authorName, c.mine])).toEqual([
      ['Can we see this in brass?', 'comments-home@example.com', 'Hana Homeowner', false],
      ['<b>Sure</b> – ordering a sample', 'comments-owner@example.com', 'Casey Contractor', true],
      ['Brass clashes with the tile', 'quiet.designer@example.com', 'quiet.designer', false],
    ]);
    const times = seenByOwner.map((c) => c.createdAt);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(times[0]).toBeGreaterThan(Date.now() - 60_000);
  });

  it('shows a public proposal’s visitors the comments without anyone’s e-mail', async () => {
    for (const cookie of [undefined, visitor.cookie]) {
      const seen = await commentsSeenBy(cookie);
      expect(seen.length).toBeGreaterThan(0);
      for (const c of seen) {
        expect(c.email).toBe('');
        expect(c.authorName).not.toContain('@');
        expect(c.mine).toBe(false);
      }
      // Without a name, not even the e-mail's local part.
      expect(seen.map((c) => c.authorName)).toContain('A team member');
      expect(seen.map((c) => c.authorName)).not.toContain('quiet.designer');
    }
  });

  it('refuses an empty or over-long comment with a readable 400', async () => {
    for (const [content, message] of [
      ['   ', 'Please write a comment.'],
      ['x'.repeat(2001), 'A comment can be at most 2000 characters.'],
    ] as const) {
      const res = await post(owner, content);
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    const wrongType = await post(owner, 42);
    expect(wrongType.status).toBe(400);
  });

  it('limits how many comments one person posts in ten minutes', async () => {
    let limited = 0;
    for (let i = 0; i < 62 && limited === 0; i++) {
      const res = await post(homeowner, `Comment ${i}`);
      if (res.status === 429) limited = i;
      else expect(res.status).toBe(201);
    }
    // The homeowner posted one comment above: the 60th of the window is the last accepted.
    expect(limited).toBe(59);
    // Someone else still may.
    expect((await post(invitee, 'Still here')).status).toBe(201);
  });
});

describe('a comment and a save that removes its item at once', () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it('the comment is stored or refused as the item gone, never a server error', async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    const owner = await signedInUser(t, 'race-owner@example.com');
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          {
            name: 'Bath',
            values: [
              { name: 'Tub', rawCost: '900', selection: true },
              { name: 'Sink', rawCost: '300', selection: true },
            ],
          },
        ],
      }),
    );
    const homeowner = await homeownerOf(t, owner, id, 'race-home@example.com');
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie });
    const proposal = proposalSchema.parse(read.body);
    const tub = proposal.costGroups[0]!.values[0]!.id;
    const input = fullInput(proposal);
    const withoutTub = {
      ...input,
      costGroups: input.costGroups!.map((g) => ({
        ...g,
        values: g.values!.filter((item) => item.id !== tub),
      })),
    };
    const comment = (n: number) =>
      request(t.baseUrl, 'POST', `/api/proposal/${id}/items/${tub}/comments`, {
        json: { content: `Tub note ${n}` },
        cookie: homeowner.cookie,
      });
    const [saved, ...comments] = await Promise.all([
      request(t.baseUrl, 'PUT', `/api/proposal/${id}`, { json: withoutTub, cookie: owner.cookie }),
      ...[1, 2, 3, 4].map(comment),
    ]);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    for (const res of comments) {
      expect([201, 404], JSON.stringify(res.body)).toContain(res.status);
      if (res.status === 404)
        expect(messageOf(res)).toBe(
          'This item is no longer among the selections of this proposal.',
        );
    }
    expect((await comment(5)).status).toBe(404);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import { commentSchema } from '../../src/shared/schemas/selections';
import { inviteReplySchema, membersReplySchema } from '../../src/shared/schemas/sending';
import { openMailedLink } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * An invitation may name the person (review 27 finding 5): without it a designer whose account
 * has no name read as 'dora.designer' on every comment and option. The name is the inviting
 * owner's, on that proposal only (as a homeowner's is the sender's, decision 0087), and the
 * person's own account name, once they have one, comes first.
 */
describe('an invitee named by the invitation', () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'carla@example.com', 'contractor', { name: 'Carla Contreras' });
    other = await signedInUser(t, 'bo@example.com', 'contractor', { name: 'Bo Builder' });
  });
  afterAll(() => t.close());

  const kitchen = (who: TestUser) =>
    createProposal(
      t,
      who,
      proposalInput({
        projectName: 'Kitchen',
        costGroups: [{ name: 'Kitchen', values: [{ name: 'Faucet', selection: true }] }],
      }),
    );
  const invite = (who: TestUser, id: string, json: Record<string, unknown>) =>
    request(t.baseUrl, 'POST', `/api/proposal/${id}/invite`, { json, cookie: who.cookie });
  const members = async (who: TestUser, id: string) =>
    membersReplySchema
      .parse((await request(t.baseUrl, 'GET', `/api/proposal/${id}/members`, who)).body)
      .map((m) => [m.name, m.email]);

  it('names the invitee on that proposal, in its members and on their comments', async () => {
    const id = await kitchen(owner);
    const since = Date.now();
    const res = await invite(owner, id, {
      inviteeEmail: 'dora.designer@example.com',
      inviteeName: '  Dora Designer ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(inviteReplySchema.parse(res.body).member.name).toBe('Dora Designer');
    expect(await members(owner, id)).toEqual([['Dora Designer', 'dora.designer@example.com']]);

    // Her account stays nameless: the name is this proposal's, not one every owner would see.
    const account = await t.app.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'dora.designer@example.com')
      .executeTakeFirstOrThrow();
    expect(account.name).toBe('');

    const { jar } = await openMailedLink(t, 'dora.designer@example.com', since);
    const proposal = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, owner)).body,
    );
    const itemId = proposal.costGroups[0]!.values[0]!.id;
    const posted = await request(
      t.baseUrl,
      'POST',
      `/api/proposal/${id}/items/${itemId}/comments`,
      { json: { content: 'The brushed brass one?' }, jar },
    );
    expect(posted.status).toBe(201);
    expect(commentSchema.parse(posted.body).authorName).toBe('Dora Designer');

    // Another owner's invitation names her as that owner does, on that proposal only.
    const theirs = await kitchen(other);
    expect(
      (await invite(other, theirs, { inviteeEmail: 'dora.designer@example.com' })).status,
    ).toBe(200);
    expect(await members(other, theirs)).toEqual([['', 'dora.designer@example.com']]);
    expect(await members(owner, id)).toEqual([['Dora Designer', 'dora.designer@example.com']]);
  });

  it('invited again with a name, the invitee takes it; without one, keeps theirs', async () => {
    const id = await kitchen(owner);
    expect((await invite(owner, id, { inviteeEmail: 'arno@example.com' })).status).toBe(200);
    expect(await members(owner, id)).toEqual([['', 'arno@example.com']]);
    const named = { inviteeEmail: 'arno@example.com', inviteeName: 'Arno Architect' };
    expect((await invite(owner, id, named)).status).toBe(200);
    expect(await members(owner, id)).toEqual([['Arno Architect', 'arno@example.com']]);
    expect((await invite(owner, id, { inviteeEmail: 'arno@example.com' })).status).toBe(200);
    expect(await members(owner, id)).toEqual([['Arno Architect', 'arno@example.com']]);
  });

  it('an account with a name of its own is shown by it, whatever the invitation said', async () => {
    const id = await kitchen(owner);
    const res = await invite(owner, id, { inviteeEmail: other.email, inviteeName: 'Bobby' });
    expect(res.status).toBe(200);
    expect(await members(owner, id)).toEqual([['Bo Builder', other.email]]);
  });

  it('refuses a name longer than a name field takes', async () => {
    const id = await kitchen(owner);
    const res = await invite(owner, id, {
      inviteeEmail: 'long@example.com',
      inviteeName: 'x'.repeat(121),
    });
    expect(res.status).toBe(400);
    expect(await members(owner, id)).toEqual([]);
  });
});

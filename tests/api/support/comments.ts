import { expect } from 'vitest';
import { request, type TestApp } from './test-app';
import { addMember, proposalWithItemToChoose, type TestUser } from './users';

/*
 * What the comment tests (decisions 0092, 0095, 0097) each set up: a proposal of the
 * contractor's with one item to choose, named so its e-mails can be told apart, its people, and
 * comments posted as a person would.
 */

/** Limits high enough for a test that signs many people in and posts many comments. */
export const COMMENT_TEST_LIMITS = {
  authEmailsPerAddress: 50,
  authEmailsPerIp: 500,
  requestsPerMinute: 100_000,
};

/** `owner`'s proposal named `project`, with a Faucet to choose, and these people on it. */
export async function proposalWithPeople(
  t: TestApp,
  owner: TestUser,
  project: string,
  people: readonly (readonly [TestUser, 'homeowner' | 'invitee'])[],
): Promise<{ id: string; itemId: string }> {
  const made = await proposalWithItemToChoose(t, owner, { group: 'Kitchen', name: 'Faucet' });
  await t.app.ctx.db
    .updateTable('proposals')
    .set({ project_name: project })
    .where('id', '=', made.id)
    .execute();
  for (const [person, role] of people) await addMember(t, made.id, person.id, role);
  return made;
}

/** A comment posted by `who` on the proposal's item, through the API; answers the reply's body. */
export async function postComment(
  t: TestApp,
  who: TestUser,
  p: { id: string; itemId: string },
  content: string,
): Promise<unknown> {
  const res = await request(t.baseUrl, 'POST', `/api/proposal/${p.id}/items/${p.itemId}/comments`, {
    json: { content },
    cookie: who.cookie,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBERS_ONLY } from '../../src/server/selections/access';
import {
  COMMENT_DIGEST_WINDOW_MS,
  sendDueCommentDigests,
} from '../../src/server/selections/comment-digest';
import {
  COMMENT_CHANGED,
  COMMENT_GONE,
  commentSchema,
  DELETE_OWN_ONLY,
  EDIT_OWN_ONLY,
  selectionsPageSchema,
  type Comment,
} from '../../src/shared/schemas/selections';
import { messageOf } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { COMMENT_TEST_LIMITS, postComment, proposalWithPeople } from './support/comments';
import { signedInUser, type TestUser } from './support/users';

/*
 * Decision 0095: a comment's author edits and deletes it, the proposal's owner deletes any on it;
 * nobody else does either, an edit from an older screen never overwrites a newer one, and the
 * comment e-mails (decision 0092) never carry a deleted comment and carry an edited one's last
 * text. Time is moved by the test and the digest job run by hand.
 */

const MINUTE = 60_000;

describe('editing and deleting comments', () => {
  let t: TestApp;
  let offset = 0;
  const now = () => Date.now() + offset;
  let carla: TestUser;
  let hana: TestUser;
  let dora: TestUser;
  let passerBy: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      now,
      limits: COMMENT_TEST_LIMITS,
    });
    carla = await signedInUser(t, 'edit-carla@example.com', 'contractor', { name: 'Carla C' });
    hana = await signedInUser(t, 'edit-hana@example.com', 'homeowner', { name: 'Hana Ng' });
    dora = await signedInUser(t, 'edit-dora@example.com', 'homeowner', { name: 'Dora D' });
    passerBy = await signedInUser(t, 'edit-passer@example.com', 'homeowner', { name: 'Pat' });
  });
  afterAll(() => t.close());

  /** Carla's proposal named `project`: Hana its homeowner, Dora invited. */
  const proposal = (project: string) =>
    proposalWithPeople(t, carla, project, [
      [hana, 'homeowner'],
      [dora, 'invitee'],
    ]);

  const post = async (who: TestUser, p: { id: string; itemId: string }, content: string) =>
    commentSchema.parse(await postComment(t, who, p, content));

  const edit = (who: TestUser | null, proposalId: string, commentId: string, json: unknown) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${proposalId}/comments/${commentId}`, {
      json,
      cookie: who?.cookie,
    });

  const remove = (who: TestUser | null, proposalId: string, commentId: string, query = '') =>
    request(t.baseUrl, 'DELETE', `/api/proposal/${proposalId}/comments/${commentId}${query}`, {
      cookie: who?.cookie,
    });

  async function commentsSeenBy(who: TestUser | null, proposalId: string): Promise<Comment[]> {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${proposalId}/selections`, {
      cookie: who?.cookie,
    });
    expect(res.status).toBe(200);
    return selectionsPageSchema.parse(res.body).groups[0]!.items[0]!.comments;
  }

  it('lets the author edit their comment: trimmed, marked edited, seen so by everyone', async () => {
    const p = await proposal('Edit Remodel');
    const mine = await post(hana, p, 'Can we see it in brass?');
    expect(mine).toMatchObject({ editedAt: null, version: 1, canEdit: true, canDelete: true });

    offset += MINUTE;
    const res = await edit(hana, p.id, mine.id, { content: '  Brass or bronze?  ', version: 1 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const edited = commentSchema.parse(res.body);
    expect(edited).toMatchObject({
      id: mine.id,
      content: 'Brass or bronze?',
      createdAt: mine.createdAt,
      authorName: 'Hana Ng',
      version: 2,
      mine: true,
    });
    expect(edited.editedAt).toBeGreaterThanOrEqual(mine.createdAt + MINUTE);

    const byCarla = (await commentsSeenBy(carla, p.id))[0]!;
    expect(byCarla).toMatchObject({ content: 'Brass or bronze?', editedAt: edited.editedAt });
    // The owner moderates (Delete) but does not put words in anyone's mouth (no Edit).
    expect(byCarla).toMatchObject({ canEdit: false, canDelete: true, mine: false });
    expect((await commentsSeenBy(dora, p.id))[0]).toMatchObject({
      canEdit: false,
      canDelete: false,
    });
    expect((await commentsSeenBy(hana, p.id))[0]).toMatchObject({ canEdit: true, version: 2 });

    // Saving the same text again changes nothing: no new version, no new edited time.
    const same = await edit(hana, p.id, mine.id, { content: 'Brass or bronze?', version: 2 });
    expect(same.status).toBe(200);
    expect(commentSchema.parse(same.body)).toMatchObject({
      version: 2,
      editedAt: edited.editedAt,
    });
  });

  it('checks an edit as a post is checked: readable 400s, strict body', async () => {
    const p = await proposal('Checked Remodel');
    const mine = await post(dora, p, 'Matte black?');
    for (const [json, message] of [
      [{ content: '   ', version: 1 }, 'Please write a comment.'],
      [{ content: 'x'.repeat(2001), version: 1 }, 'A comment can be at most 2000 characters.'],
    ] as const) {
      const res = await edit(dora, p.id, mine.id, json);
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    for (const json of [
      { content: 'No version' },
      { content: 'Extra', version: 1, userId: carla.id },
      { content: 42, version: 1 },
      { content: 'Bad version', version: 'one' },
    ]) {
      expect((await edit(dora, p.id, mine.id, json)).status).toBe(400);
    }
    // 0, and past the column's integers: no version at all, a malformed request (it was 409).
    for (const version of [0, 2 ** 31]) {
      const res = await edit(dora, p.id, mine.id, { content: 'Which version?', version });
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe('Unknown version.');
    }
    expect((await remove(dora, p.id, mine.id, '?version=x')).status).toBe(400);
    expect((await remove(dora, p.id, mine.id, `?version=${2 ** 31}`)).status).toBe(400);
    expect((await remove(dora, p.id, mine.id, '?force=1')).status).toBe(400);
    // A malformed id is as unknown as a missing one.
    expect((await edit(dora, p.id, 'not-a-uuid', { content: 'Hi', version: 1 })).status).toBe(404);
    expect((await commentsSeenBy(dora, p.id))[0]!.content).toBe('Matte black?');
  });

  it('refuses an edit from an older screen (409) and keeps the newer text', async () => {
    const p = await proposal('Two Tabs Remodel');
    const mine = await post(hana, p, 'First thought');
    // Tab one saves; tab two still shows version 1.
    const first = await edit(hana, p.id, mine.id, { content: 'Second thought', version: 1 });
    expect(first.status).toBe(200);
    const stale = await edit(hana, p.id, mine.id, { content: 'Third thought', version: 1 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'comment_changed', message: COMMENT_CHANGED });
    expect((await commentsSeenBy(hana, p.id))[0]!.content).toBe('Second thought');
    // A retry of the edit that was saved (its reply lost) is answered, not refused.
    const retry = await edit(hana, p.id, mine.id, { content: 'Second thought', version: 1 });
    expect(retry.status).toBe(200);
    expect(commentSchema.parse(retry.body)).toMatchObject({ version: 2 });

    // A deletion asked about an older text is refused the same way; about this one, it goes.
    const staleDelete = await remove(carla, p.id, mine.id, '?version=1');
    expect(staleDelete.status).toBe(409);
    expect(staleDelete.body).toMatchObject({ code: 'comment_changed' });
    expect(await commentsSeenBy(hana, p.id)).toHaveLength(1);
    expect((await remove(carla, p.id, mine.id, '?version=2')).status).toBe(200);
    expect(await commentsSeenBy(hana, p.id)).toEqual([]);
  });

  it('lets the author delete their comment, and the owner delete anyone’s', async () => {
    const p = await proposal('Delete Remodel');
    const hanas = await post(hana, p, 'Too shiny');
    const doras = await post(dora, p, 'Try the satin one: https://example.com/satin');
    const carlas = await post(carla, p, 'Ordering samples');

    const own = await remove(hana, p.id, hanas.id, '?version=1');
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body).toEqual({ ok: true });
    const moderated = await remove(carla, p.id, doras.id);
    expect(moderated.status).toBe(200);
    // Gone for everyone, with nothing left in its place.
    for (const who of [carla, hana, dora]) {
      expect((await commentsSeenBy(who, p.id)).map((c) => c.id)).toEqual([carlas.id]);
    }
    // Deleted already: the same 404 as any unknown comment.
    const again = await remove(hana, p.id, hanas.id);
    expect(again.status).toBe(404);
    expect(messageOf(again)).toBe(COMMENT_GONE);
    expect((await edit(dora, p.id, doras.id, { content: 'Back', version: 1 })).status).toBe(404);
  });

  it('lets nobody else edit or delete, and tells strangers nothing', async () => {
    const p = await proposal('Guarded Remodel');
    const hanas = await post(hana, p, 'Keep the old sink');
    const body = { content: 'Changed by someone else', version: 1 };

    const ownerEdits = await edit(carla, p.id, hanas.id, body);
    expect(ownerEdits.status).toBe(403);
    expect(messageOf(ownerEdits)).toBe(EDIT_OWN_ONLY);
    const inviteeEdits = await edit(dora, p.id, hanas.id, body);
    expect(inviteeEdits.status).toBe(403);
    const inviteeDeletes = await remove(dora, p.id, hanas.id);
    expect(inviteeDeletes.status).toBe(403);
    expect(messageOf(inviteeDeletes)).toBe(DELETE_OWN_ONLY);

    // Logged out: 401 whatever the ids; not a reader: the one 404.
    expect((await edit(null, p.id, hanas.id, body)).status).toBe(401);
    expect((await remove(null, p.id, hanas.id)).status).toBe(401);
    const stranger = await remove(passerBy, p.id, hanas.id);
    expect(stranger.status).toBe(404);
    expect(messageOf(stranger)).toBe('Not found');
    expect(JSON.stringify(stranger.body)).not.toContain('Keep the old sink');

    // A public proposal's signed-in visitor reads the comment but changes nothing.
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ is_public: 1 })
      .where('id', '=', p.id)
      .execute();
    const visitor = await remove(passerBy, p.id, hanas.id);
    expect(visitor.status).toBe(403);
    expect(messageOf(visitor)).toBe(MEMBERS_ONLY);
    expect((await commentsSeenBy(passerBy, p.id))[0]).toMatchObject({
      canEdit: false,
      canDelete: false,
    });

    // A comment id from another proposal is unknown here, even to the owner of both.
    const other = await proposal('Other Remodel');
    const elsewhere = await post(carla, other, 'On the other proposal');
    const crossed = await remove(carla, p.id, elsewhere.id);
    expect(crossed.status).toBe(404);
    expect(messageOf(crossed)).toBe(COMMENT_GONE);
    const crossedEdit = await edit(carla, p.id, elsewhere.id, { content: 'x', version: 1 });
    expect(crossedEdit.status).toBe(404);
    expect(JSON.stringify(crossedEdit.body)).not.toContain('On the other proposal');
    expect(await commentsSeenBy(carla, other.id)).toHaveLength(1);
    expect((await commentsSeenBy(hana, p.id))[0]!.content).toBe('Keep the old sink');
  });

  it('keeps edits and deletions open after the homeowner signed, as comments are', async () => {
    const p = await proposal('Signed Remodel');
    const hanas = await post(hana, p, 'Signed, but one more idea');
    const doras = await post(dora, p, 'Off-topic');
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ signed_by_homeowner_at: now() })
      .where('id', '=', p.id)
      .execute();
    const res = await edit(hana, p.id, hanas.id, { content: 'One more idea', version: 1 });
    expect(res.status).toBe(200);
    expect((await remove(carla, p.id, doras.id)).status).toBe(200);
    expect((await commentsSeenBy(carla, p.id)).map((c) => c.content)).toEqual(['One more idea']);
  });

  it('ends a removed member’s say over their old comments (404), not the owner’s', async () => {
    const p = await proposal('Removed Remodel');
    const doras = await post(dora, p, 'Written while invited');
    await t.app.ctx.db
      .deleteFrom('proposal_members')
      .where('proposal_id', '=', p.id)
      .where('user_id', '=', dora.id)
      .execute();
    expect((await edit(dora, p.id, doras.id, { content: 'x', version: 1 })).status).toBe(404);
    expect((await remove(dora, p.id, doras.id)).status).toBe(404);
    expect((await remove(carla, p.id, doras.id)).status).toBe(200);
  });

  it('e-mails an edited comment with its last text and a deleted one to nobody', async () => {
    const p = await proposal('Digest Edit Remodel');
    const kept = await post(dora, p, 'Matte black, maybe');
    const dropped = await post(dora, p, 'Wrong item, sorry: the vanity');
    offset += MINUTE;
    expect((await edit(dora, p.id, kept.id, { content: 'Matte black!', version: 1 })).status).toBe(
      200,
    );
    expect((await remove(dora, p.id, dropped.id)).status).toBe(200);
    // Its pending notices went with it.
    const notices = await t.app.ctx.db
      .selectFrom('comment_notices')
      .select('comment_id')
      .where('proposal_id', '=', p.id)
      .execute();
    expect(new Set(notices.map((n) => n.comment_id))).toEqual(new Set([kept.id]));

    // A proposal whose only comment was deleted e-mails nobody.
    const quiet = await proposal('Digest Quiet Remodel');
    const gone = await post(hana, quiet, 'Never mind');
    expect((await remove(carla, quiet.id, gone.id)).status).toBe(200);

    offset += COMMENT_DIGEST_WINDOW_MS;
    await sendDueCommentDigests(t.app.ctx);
    const mail = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject'])
      .where('subject', 'like', '% on Digest%')
      .orderBy('to_address')
      .execute();
    expect(mail.map((m) => [m.to_address, m.subject])).toEqual([
      ['edit-carla@example.com', '1 new comment on Digest Edit Remodel'],
      ['edit-hana@example.com', '1 new comment on Digest Edit Remodel'],
    ]);
    const toCarla = await t.mailbox.waitFor(carla.email, { subject: /on Digest Edit Remodel$/ });
    expect(toCarla.text).toContain('Matte black!');
    expect(toCarla.text).not.toContain('Matte black, maybe');
    expect(toCarla.text).not.toContain('Wrong item');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_DIGEST_WINDOW_MS,
  DIGEST_LISTED_MAX,
  sendDueCommentDigests,
} from '../../src/server/selections/comment-digest';
import type { Mail } from '../support/smtp-mailbox';
import { request, startTestApp, type TestApp } from './support/test-app';
import { COMMENT_TEST_LIMITS, postComment, proposalWithPeople } from './support/comments';
import { signedInUser, type TestUser } from './support/users';

/*
 * Comments reach the proposal's other people (decision 0092, review 27 finding 2): one e-mail per
 * person and proposal per batching window, listing the others' comments, with a plain link to
 * the shop page. Time is moved by the test and the job run by hand; mail is read as received.
 */

const MINUTE = 60_000;

describe('comment digests', () => {
  let t: TestApp;
  let offset = 0;
  const now = () => Date.now() + offset;
  let carla: TestUser;
  let hana: TestUser;
  let dora: TestUser;
  let arno: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      now,
      limits: COMMENT_TEST_LIMITS,
    });
    carla = await signedInUser(t, 'carla@example.com', 'contractor', { name: 'Carla Contreras' });
    hana = await signedInUser(t, 'hana.ng@example.com', 'homeowner', { name: 'Hana Ng' });
    dora = await signedInUser(t, 'dora@example.com', 'homeowner', { name: 'Dora Designer' });
    arno = await signedInUser(t, 'arno@example.com', 'homeowner', { name: 'Arno Architect' });
  });
  afterAll(() => t.close());

  /** A proposal of Carla's named `project`, Hana its homeowner, Dora and Arno invited. */
  const proposal = (project: string) =>
    proposalWithPeople(t, carla, project, [
      [hana, 'homeowner'],
      [dora, 'invitee'],
      [arno, 'invitee'],
    ]);

  async function comment(who: TestUser, p: { id: string; itemId: string }, content: string) {
    await postComment(t, who, p, content);
  }

  /** The outbox rows whose subject ends with the project: one proposal's digests. */
  async function digestsOf(project: string) {
    const rows = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select(['to_address', 'subject', 'reply_to', 'from_name'])
      .where('subject', 'like', `% on ${project}`)
      .orderBy('to_address')
      .execute();
    return rows;
  }

  async function received(to: TestUser, project: string): Promise<Mail> {
    return t.mailbox.waitFor(to.email, { subject: new RegExp(` on ${project}$`) });
  }

  it('comments by two people in one window reach each other person in one e-mail', async () => {
    const p = await proposal('Ng Kitchen Remodel');
    await comment(dora, p, 'Hi Hana 👋 <b>matte black</b> & "brass"?\nOr chrome.');
    offset += 2 * MINUTE;
    await comment(hana, p, 'Carla, can you confirm the black one fits the budget?');
    await comment(dora, p, 'The black one is in stock.');

    // Nine minutes after the first comment its window is still open.
    offset += 7 * MINUTE;
    await sendDueCommentDigests(t.app.ctx);
    expect(await digestsOf('Ng Kitchen Remodel')).toEqual([]);

    offset += 2 * MINUTE;
    await sendDueCommentDigests(t.app.ctx);
    expect((await digestsOf('Ng Kitchen Remodel')).map((r) => [r.to_address, r.subject])).toEqual([
      ['arno@example.com', '3 new comments on Ng Kitchen Remodel'],
      ['carla@example.com', '3 new comments on Ng Kitchen Remodel'],
      ['hana.ng@example.com', '2 new comments on Ng Kitchen Remodel'],
    ]);
    // Dora's window opened with Hana's comment, two minutes later.
    offset += 2 * MINUTE;
    await sendDueCommentDigests(t.app.ctx);
    expect((await digestsOf('Ng Kitchen Remodel')).map((r) => r.subject)).toContain(
      '1 new comment on Ng Kitchen Remodel',
    );

    const toCarla = await received(carla, 'Ng Kitchen Remodel');
    expect(toCarla.replyTo).toBe('');
    expect(toCarla.fromName).toBe('Plansmith');
    const order = ['Hi Hana', 'Carla, can you confirm', 'The black one is in stock.'].map((s) =>
      toCarla.text.indexOf(s),
    );
    expect(order.every((i, n) => i >= 0 && (n === 0 || i > order[n - 1]!))).toBe(true);
    expect(toCarla.text).toContain('Dora Designer on Faucet');
    expect(toCarla.text).toContain('Hana Ng on Faucet');
    expect(toCarla.text).toMatch(/UTC/);
    // The owner's shop page, plainly: no sign-in token in any link.
    expect(toCarla.text).toContain(`${t.appUrl}/proposal/${p.id}/selections/`);
    expect(toCarla.text).toContain('this is your proposal');
    // Escaped in the HTML, as written in the text.
    expect(toCarla.html).toContain('&lt;b&gt;matte black&lt;/b&gt; &amp; &quot;brass&quot;?');
    expect(toCarla.html).not.toContain('<b>matte black</b>');
    expect(toCarla.text).toContain('<b>matte black</b> & "brass"?\nOr chrome.');

    const toHana = await received(hana, 'Ng Kitchen Remodel');
    expect(toHana.text).toContain(`${t.appUrl}/proposal/received/${p.id}/selections/`);
    expect(toHana.text).not.toContain('Carla, can you confirm');
    expect(toHana.text).toContain('Carla Contreras sent you this proposal');
    const toDora = await received(dora, 'Ng Kitchen Remodel');
    expect(toDora.text).toContain('Carla, can you confirm');
    expect(toDora.text).not.toContain('The black one is in stock.');
    expect(toDora.text).toContain('Carla Contreras invited you to this proposal.');
    for (const mail of [toCarla, toHana, toDora]) {
      expect(mail.text).not.toMatch(/token|verify/i);
    }

    // Nothing is sent twice.
    expect(await sendDueCommentDigests(t.app.ctx)).toBe(0);
    expect(await digestsOf('Ng Kitchen Remodel')).toHaveLength(4);
    expect(await t.app.ctx.db.selectFrom('comment_notices').selectAll().execute()).toEqual([]);
  });

  it('the author of every comment is sent none, and a later comment opens a new window', async () => {
    const p = await proposal('Arno Bath');
    await comment(arno, p, 'First thought.');
    await comment(arno, p, 'Second thought.');
    offset += COMMENT_DIGEST_WINDOW_MS;
    await sendDueCommentDigests(t.app.ctx);
    expect((await digestsOf('Arno Bath')).map((r) => [r.to_address, r.subject])).toEqual([
      ['carla@example.com', '2 new comments on Arno Bath'],
      ['dora@example.com', '2 new comments on Arno Bath'],
      ['hana.ng@example.com', '2 new comments on Arno Bath'],
    ]);

    await comment(arno, p, 'A third, later.');
    offset += COMMENT_DIGEST_WINDOW_MS - MINUTE;
    await sendDueCommentDigests(t.app.ctx);
    expect(await digestsOf('Arno Bath')).toHaveLength(3);
    offset += MINUTE;
    await sendDueCommentDigests(t.app.ctx);
    const later = (await digestsOf('Arno Bath')).filter((r) => r.subject.startsWith('1 '));
    expect(later.map((r) => r.to_address)).toEqual([
      'carla@example.com',
      'dora@example.com',
      'hana.ng@example.com',
    ]);
    const mail = await t.mailbox.waitFor(carla.email, { subject: /^1 new comment on Arno Bath$/ });
    expect(mail.text).toContain('A third, later.');
    expect(mail.text).not.toContain('First thought.');
  });

  it('a member removed before the window ends is sent nothing', async () => {
    const p = await proposal('Removed Den');
    await comment(hana, p, 'Is the den still on?');
    const removed = await request(t.baseUrl, 'DELETE', `/api/proposal/${p.id}/members/${arno.id}`, {
      cookie: carla.cookie,
    });
    expect(removed.status).toBe(200);
    offset += COMMENT_DIGEST_WINDOW_MS;
    await sendDueCommentDigests(t.app.ctx);
    expect((await digestsOf('Removed Den')).map((r) => r.to_address)).toEqual([
      'carla@example.com',
      'dora@example.com',
    ]);
    expect(await t.app.ctx.db.selectFrom('comment_notices').selectAll().execute()).toEqual([]);
  });

  it('a burst of comments is one e-mail listing the oldest and counting the rest', async () => {
    const p = await proposal('Busy Attic');
    const total = DIGEST_LISTED_MAX + 2;
    for (let i = 1; i <= total; i += 1) await comment(dora, p, `Burst ${i}.`);
    offset += COMMENT_DIGEST_WINDOW_MS;
    await sendDueCommentDigests(t.app.ctx);
    const mail = await received(carla, 'Busy Attic');
    expect(mail.subject).toBe(`${total} new comments on Busy Attic`);
    expect(mail.text).toContain(`Burst ${DIGEST_LISTED_MAX}.`);
    expect(mail.text).not.toContain(`Burst ${DIGEST_LISTED_MAX + 1}.`);
    expect(mail.text).toContain("And 2 more comments on the proposal's page.");
    expect(await digestsOf('Busy Attic')).toHaveLength(3);
  });

  it(
    'two instances running the job at once send each digest once',
    { timeout: 60_000 },
    async () => {
      const second = await startTestApp({ now, sameDatabaseAs: t });
      try {
        const p = await proposal('Twin Porch');
        await comment(hana, p, 'One.');
        await comment(dora, p, 'Two.');
        offset += COMMENT_DIGEST_WINDOW_MS;
        // On SQLite both apps share this process, and a write waiting on the other's lock
        // (busy_timeout) blocks the event loop that would release it; separate processes, as
        // deployed, do not. So there the runs race in one instance (its reads interleave).
        const ctxs = t.dbLabel === 'postgres' ? [t.app.ctx, second.app.ctx] : [t.app.ctx];
        const runs = await Promise.all(
          Array.from({ length: 4 }, (_, i) => sendDueCommentDigests(ctxs[i % ctxs.length]!)),
        );
        expect(runs.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(4);
        expect(await sendDueCommentDigests(second.app.ctx)).toBe(0);
        expect((await digestsOf('Twin Porch')).map((r) => [r.to_address, r.subject])).toEqual([
          ['arno@example.com', '2 new comments on Twin Porch'],
          ['carla@example.com', '2 new comments on Twin Porch'],
          ['dora@example.com', '1 new comment on Twin Porch'],
          ['hana.ng@example.com', '1 new comment on Twin Porch'],
        ]);
      } finally {
        await second.close();
      }
    },
  );
});

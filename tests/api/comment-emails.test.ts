import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMENT_DIGEST_WINDOW_MS,
  sendDueCommentDigests,
} from '../../src/server/selections/comment-digest';
import { commentEmailsToken } from '../../src/server/selections/comment-emails-link';
import {
  ONE_CLICK_DONE,
  ONE_CLICK_REQUIRED,
} from '../../src/server/selections/comment-emails-routes';
import { CROSS_SITE_REFUSED } from '../../src/server/http/same-origin';
import {
  COMMENT_EMAILS_LINK_INVALID,
  COMMENT_EMAILS_NOT_ON_PROPOSAL,
} from '../../src/shared/schemas/comment-emails';
import { request, startTestApp, type TestApp } from './support/test-app';
import { COMMENT_TEST_LIMITS, postComment, proposalWithPeople } from './support/comments';
import { signedInUser, type TestUser } from './support/users';

/*
 * People can stop the comment e-mails of one proposal (decision 0097): the link and the
 * List-Unsubscribe headers of each digest, RFC 8058's one-click POST, the link's page (its reads
 * change nothing), the setting signed in, and the digests that skip those who stopped them.
 */

const ONE_CLICK_FORM = {
  body: 'List-Unsubscribe=One-Click',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
};

describe('stopping comment e-mails', () => {
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

  /** Sends every digest due once the window of a comment posted now is over. */
  async function windowPasses() {
    offset += COMMENT_DIGEST_WINDOW_MS;
    await sendDueCommentDigests(t.app.ctx);
  }

  /** Who got a digest of this proposal, in the outbox. */
  async function digestsTo(project: string) {
    const rows = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select('to_address')
      .where('subject', 'like', `% on ${project}`)
      .orderBy('to_address')
      .execute();
    return rows.map((r) => r.to_address);
  }

  const tokenOf = (p: { id: string }, who: TestUser) => commentEmailsToken(t.app.ctx, p.id, who.id);
  const byLink = (token: string) => request(t.baseUrl, 'GET', `/api/comment-emails/${token}`);
  const oneClick = (token: string, opts: { body?: BodyInit; headers?: Record<string, string> }) =>
    request(t.baseUrl, 'POST', `/comment-emails/${token}/`, opts);

  it('each digest links its page and carries List-Unsubscribe with one-click, through SMTP', async () => {
    const p = await proposal('Ng Kitchen Remodel');
    await comment(hana, p, 'Matte black or brass?');
    const since = Date.now();
    await windowPasses();
    const mail = await t.mailbox.waitFor(dora.email, { subject: / on Ng Kitchen Remodel$/, since });
    const page = `${t.appUrl}/comment-emails/${tokenOf(p, dora)}/`;
    expect(mail.headers['list-unsubscribe']).toBe(`<${page}>`);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).toContain(`Stop e-mails about comments on Ng Kitchen Remodel ${page}\n`);
    expect(mail.html).toContain(`href="${page}"`);
    // They can stop it themselves now: not 'ask them to remove you'.
    expect(mail.text).not.toContain('ask them to remove you');
    // Each person's link is their own.
    const toArno = await t.mailbox.waitFor(arno.email, {
      subject: / on Ng Kitchen Remodel$/,
      since,
    });
    expect(toArno.headers['list-unsubscribe']).toBe(
      `<${t.appUrl}/comment-emails/${tokenOf(p, arno)}/>`,
    );
  });

  it('one click from a mail provider stops them, with no session and from another site', async () => {
    const p = await proposal('One Click Porch');
    const res = await oneClick(tokenOf(p, dora), {
      ...ONE_CLICK_FORM,
      headers: { ...ONE_CLICK_FORM.headers, origin: 'https://mail.google.com' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(ONE_CLICK_DONE);
    expect((await byLink(tokenOf(p, dora))).body).toEqual({
      projectName: 'One Click Porch',
      receiving: false,
    });
    // Again: still done.
    expect((await oneClick(tokenOf(p, dora), ONE_CLICK_FORM)).status).toBe(200);

    await comment(hana, p, 'Porch swing?');
    // No notice is noted for Dora at all.
    const noted = await t.app.ctx.db
      .selectFrom('comment_notices')
      .select('user_id')
      .where('proposal_id', '=', p.id)
      .execute();
    expect(noted.map((n) => n.user_id).sort()).toEqual([arno.id, carla.id].sort());
    await windowPasses();
    expect(await digestsTo('One Click Porch')).toEqual(['arno@example.com', 'carla@example.com']);
  });

  it('one click as multipart form data, as RFC 8058 recommends, stops them too', async () => {
    const p = await proposal('Multipart Mudroom');
    const form = new FormData();
    form.append('List-Unsubscribe', 'One-Click');
    expect((await oneClick(tokenOf(p, arno), { body: form })).status).toBe(200);
    expect((await byLink(tokenOf(p, arno))).body).toMatchObject({ receiving: false });
  });

  it('a POST without the one-click field, or of a link we did not make, changes nothing', async () => {
    const p = await proposal('Refused Pantry');
    const token = tokenOf(p, dora);
    const bodies: { body?: BodyInit; headers?: Record<string, string> }[] = [
      {},
      { body: 'List-Unsubscribe=Maybe', headers: ONE_CLICK_FORM.headers },
      { body: '{"List-Unsubscribe":"One-Click"}', headers: { 'content-type': 'application/json' } },
      { body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'text/plain' } },
    ];
    for (const body of bodies) {
      const res = await oneClick(token, body);
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toBe(ONE_CLICK_REQUIRED);
    }
    const forged = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    const refused = await oneClick(forged, ONE_CLICK_FORM);
    expect(refused.status).toBe(404);
    expect((refused.body as { message: string }).message).toBe(COMMENT_EMAILS_LINK_INVALID);
    // Dora's link does not stop Hana's.
    const hanas = tokenOf(p, hana);
    const swapped = hanas.slice(0, 43) + token.slice(43);
    expect(swapped).not.toBe(hanas);
    expect((await oneClick(swapped, ONE_CLICK_FORM)).status).toBe(404);
    for (const who of [dora, hana]) {
      expect((await byLink(tokenOf(p, who))).body).toMatchObject({ receiving: true });
    }
  });

  it('opening the link reads, never stops: only the page’s button does, and it turns back on', async () => {
    const p = await proposal('Scanned Study');
    const token = tokenOf(p, hana);
    // A mail scanner follows the link (the page) and the page reads the setting.
    await request(t.baseUrl, 'GET', `/comment-emails/${token}/`);
    await request(t.baseUrl, 'HEAD', `/comment-emails/${token}/`);
    expect((await byLink(token)).body).toEqual({ projectName: 'Scanned Study', receiving: true });

    const stop = await request(t.baseUrl, 'PUT', `/api/comment-emails/${token}`, {
      json: { receiving: false },
      headers: { origin: t.appUrl },
    });
    expect(stop.status).toBe(200);
    expect(stop.body).toEqual({ projectName: 'Scanned Study', receiving: false });
    await comment(dora, p, 'Bookshelf wall?');
    await windowPasses();
    expect(await digestsTo('Scanned Study')).toEqual(['arno@example.com', 'carla@example.com']);

    const resume = await request(t.baseUrl, 'PUT', `/api/comment-emails/${token}`, {
      json: { receiving: true },
    });
    expect(resume.body).toEqual({ projectName: 'Scanned Study', receiving: true });
    await comment(dora, p, 'Or a reading nook.');
    await windowPasses();
    expect(await digestsTo('Scanned Study')).toContain('hana.ng@example.com');
  });

  it('the page’s change is refused from another site, and with a body that is not the setting', async () => {
    const p = await proposal('Guarded Garage');
    const token = tokenOf(p, dora);
    const foreign = await request(t.baseUrl, 'PUT', `/api/comment-emails/${token}`, {
      json: { receiving: false },
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
    expect((foreign.body as { message: string }).message).toBe(CROSS_SITE_REFUSED);
    for (const json of [{}, { receiving: 'no' }, { receiving: false, userId: hana.id }]) {
      const res = await request(t.baseUrl, 'PUT', `/api/comment-emails/${token}`, { json });
      expect(res.status).toBe(400);
    }
    expect((await byLink(token)).body).toMatchObject({ receiving: true });
    const bad = await byLink('not-a-link');
    expect(bad.status).toBe(404);
    expect((bad.body as { message: string }).message).toBe(COMMENT_EMAILS_LINK_INVALID);
  });

  it('stopped after comments were noted: the digest drops them and sends the others theirs', async () => {
    const p = await proposal('Dropped Den');
    await comment(hana, p, 'Is the den still on?');
    expect((await oneClick(tokenOf(p, carla), ONE_CLICK_FORM)).status).toBe(200);
    await windowPasses();
    expect(await digestsTo('Dropped Den')).toEqual(['arno@example.com', 'dora@example.com']);
    const left = await t.app.ctx.db
      .selectFrom('comment_notices')
      .select('user_id')
      .where('proposal_id', '=', p.id)
      .execute();
    expect(left).toEqual([]);
  });

  it('signed in, the owner and members read and change the same setting; nobody else', async () => {
    const p = await proposal('Signed Sunroom');
    const path = `/api/proposal/${p.id}/comment-emails`;
    const mine = await request(t.baseUrl, 'GET', path, { cookie: dora.cookie });
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual({ projectName: 'Signed Sunroom', receiving: true });
    const off = await request(t.baseUrl, 'PUT', path, {
      cookie: dora.cookie,
      json: { receiving: false },
    });
    expect(off.body).toEqual({ projectName: 'Signed Sunroom', receiving: false });
    // The link's page shows what was set signed in; Carla's setting is her own.
    expect((await byLink(tokenOf(p, dora))).body).toMatchObject({ receiving: false });
    expect((await request(t.baseUrl, 'GET', path, { cookie: carla.cookie })).body).toMatchObject({
      receiving: true,
    });

    expect((await request(t.baseUrl, 'GET', path)).status).toBe(401);
    expect((await request(t.baseUrl, 'PUT', path, { json: { receiving: false } })).status).toBe(
      401,
    );
    const stranger = await signedInUser(t, 'stranger@example.com', 'homeowner');
    expect((await request(t.baseUrl, 'GET', path, { cookie: stranger.cookie })).status).toBe(404);
    // A public proposal's reader is no member: there is nothing to stop.
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ is_public: 1 })
      .where('id', '=', p.id)
      .execute();
    const publicReader = await request(t.baseUrl, 'PUT', path, {
      cookie: stranger.cookie,
      json: { receiving: false },
    });
    expect(publicReader.status).toBe(404);
    expect(
      await t.app.ctx.db
        .selectFrom('comment_email_opt_outs')
        .select('user_id')
        .where('proposal_id', '=', p.id)
        .execute(),
    ).toEqual([{ user_id: dora.id }]);
  });

  it('the shop page carries the caller’s setting, null for a public reader', async () => {
    const p = await proposal('Shop Study');
    const shop = `/api/proposal/${p.id}/selections`;
    const setting = async (cookie?: string) =>
      (await request(t.baseUrl, 'GET', shop, cookie ? { cookie } : {})).body as {
        commentEmails: boolean | null;
      };
    expect((await setting(carla.cookie)).commentEmails).toBe(true);
    expect((await setting(hana.cookie)).commentEmails).toBe(true);
    await request(t.baseUrl, 'PUT', `/api/proposal/${p.id}/comment-emails`, {
      cookie: hana.cookie,
      json: { receiving: false },
    });
    expect((await setting(hana.cookie)).commentEmails).toBe(false);
    // Stopped by the e-mail's link, the page says so too; each person's setting is their own.
    expect((await oneClick(tokenOf(p, carla), ONE_CLICK_FORM)).status).toBe(200);
    expect((await setting(carla.cookie)).commentEmails).toBe(false);
    expect((await setting(dora.cookie)).commentEmails).toBe(true);

    await t.app.ctx.db
      .updateTable('proposals')
      .set({ is_public: 1 })
      .where('id', '=', p.id)
      .execute();
    const stranger = await signedInUser(t, 'shop.stranger@example.com', 'homeowner');
    expect((await setting(stranger.cookie)).commentEmails).toBeNull();
    expect((await setting()).commentEmails).toBeNull();
  });

  it('a link of someone removed from the proposal says so; one click is answered as done', async () => {
    const p = await proposal('Left Loft');
    const token = tokenOf(p, arno);
    const removed = await request(t.baseUrl, 'DELETE', `/api/proposal/${p.id}/members/${arno.id}`, {
      cookie: carla.cookie,
    });
    expect(removed.status).toBe(200);
    const read = await byLink(token);
    expect(read.status).toBe(404);
    expect((read.body as { message: string }).message).toBe(COMMENT_EMAILS_NOT_ON_PROPOSAL);
    expect((await oneClick(token, ONE_CLICK_FORM)).status).toBe(200);
    const rows = await t.app.ctx.db
      .selectFrom('comment_email_opt_outs')
      .select('user_id')
      .where('proposal_id', '=', p.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  CONTRACTOR_SIGNED,
  FROZEN_AFTER_SIGNING,
  proposalListSchema,
  proposalSchema,
} from '../../src/shared/schemas/proposal';
import {
  ALREADY_SIGNED_BY_HOMEOWNER,
  SIGNED_HOMEOWNER_STAYS,
} from '../../src/shared/schemas/sending';
import {
  ALREADY_SIGNED,
  CONSENT_REQUIRED,
  NOT_THE_CONTRACTOR,
  NOT_THE_HOMEOWNER,
  PROPOSAL_CHANGED,
  SIGN_BEFORE_SEND,
  SIGNATURE_EMPTY,
  SIGNATURE_UNAVAILABLE,
  SIGNING_CONSENT,
  signReplySchema,
} from '../../src/shared/schemas/signing';
import {
  blankSignaturePng,
  homeownerOf,
  inviteeOf,
  messageOf,
  proposalVersion,
  sendProposal,
  signAs,
  uploadSignature,
} from './support/signing';
import { request, startTestApp, type HttpResponse, type TestApp } from './support/test-app';
import { png, rotatedJpeg, upload } from './support/uploads';
import { asInput, createProposal, signedInUser, type TestUser } from './support/users';
import { hashContent, loadContent } from '../../src/server/signing/content';

/*
 * docs/product/signing.md Signing, enforced by the API: who may sign in which block and when, one signature per side
 * even when requests race, what a signature records, what freezes once the homeowner signed, and
 * the e-mails that follow. Every role row of docs/product/roles.md for POST /api/proposal/sign/:id.
 */

describe('signing', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000 } });
    owner = await signedInUser(t, 'owner@example.com', 'contractor', { reassign: true });
    stranger = await signedInUser(t, 'stranger@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  let seq = 0;

  /** A proposal sent to a new homeowner (signed in through the e-mail) with an invitee. */
  async function sentProposal(): Promise<{ id: string; home: TestUser; invitee: TestUser }> {
    seq += 1;
    const id = await createProposal(t, owner);
    const home = await homeownerOf(t, owner, id, `home${seq}@example.com`, `Home Owner ${seq}`);
    const invitee = await inviteeOf(t, owner, id, `invitee${seq}@example.com`);
    return { id, home, invitee };
  }

  const getProposal = async (id: string, who: { cookie?: string } = owner) =>
    proposalSchema.parse((await request(t.baseUrl, 'GET', `/api/proposal/${id}`, who)).body);

  describe('the contractor', () => {
    it('cannot sign before sending: 409 with the §8 alert, and nothing is stored', async () => {
      const id = await createProposal(t, owner);
      const res = await signAs(t, owner, id, 'contractor');
      expect(res.status).toBe(409);
      expect(messageOf(res)).toBe(SIGN_BEFORE_SEND);
      expect(
        await db().selectFrom('signatures').select('id').where('proposal_id', '=', id).execute(),
      ).toEqual([]);
    });

    it('signs once after sending', async () => {
      const { id } = await sentProposal();
      const res = await signAs(t, owner, id, 'contractor');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const { signedAt } = signReplySchema.parse(res.body);
      const p = await getProposal(id);
      expect(p.events.signedByContractor).toBe(signedAt);
      expect(p.events.signedByHomeowner).toBeNull();
      const again = await signAs(t, owner, id, 'contractor');
      expect(again.status).toBe(409);
      expect(messageOf(again)).toBe(ALREADY_SIGNED);
    });
  });

  describe('the homeowner', () => {
    it('signs once, in the homeowner block only', async () => {
      const { id, home } = await sentProposal();
      const wrongBlock = await signAs(t, home, id, 'contractor');
      expect(wrongBlock.status).toBe(403);
      expect(messageOf(wrongBlock)).toBe(NOT_THE_CONTRACTOR);
      const res = await signAs(t, home, id, 'homeowner');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const again = await signAs(t, home, id, 'homeowner');
      expect(again.status).toBe(409);
      expect(messageOf(again)).toBe(ALREADY_SIGNED);
    });

    it('may sign before the contractor, and the contractor after', async () => {
      const { id, home } = await sentProposal();
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      const p = await getProposal(id);
      expect(p.events.signedByHomeowner).not.toBeNull();
      expect(p.events.signedByContractor).not.toBeNull();
    });

    it('an invitee and the owner cannot sign in the homeowner block', async () => {
      const { id, invitee } = await sentProposal();
      for (const who of [invitee, owner]) {
        const res = await signAs(t, who, id, 'homeowner');
        expect(res.status).toBe(403);
        expect(messageOf(res)).toBe(NOT_THE_HOMEOWNER);
      }
    });

    it('a reader of a public proposal cannot sign', async () => {
      const { id } = await sentProposal();
      const toggled = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id },
        cookie: owner.cookie,
      });
      expect(toggled.body).toEqual({ isPublic: true });
      for (const role of ['homeowner', 'contractor'] as const) {
        const res = await signAs(t, stranger, id, role);
        expect(res.status).toBe(403);
      }
    });
  });

  describe('§6: who may sign in which block', () => {
    type Role = 'owner' | 'homeowner' | 'invitee' | 'stranger' | 'loggedOut';
    const rows: Record<'homeowner' | 'contractor', Record<Role, number>> = {
      homeowner: { owner: 403, homeowner: 200, invitee: 403, stranger: 404, loggedOut: 401 },
      contractor: { owner: 200, homeowner: 403, invitee: 403, stranger: 404, loggedOut: 401 },
    };
    for (const block of ['homeowner', 'contractor'] as const) {
      describe(`the ${block} block`, () => {
        for (const role of Object.keys(rows[block]) as Role[]) {
          it(`${role} → ${rows[block][role]}`, async () => {
            const { id, home, invitee } = await sentProposal();
            const who = { owner, homeowner: home, invitee, stranger, loggedOut: undefined }[role];
            // A logged-out visitor cannot upload for a session; use someone's file id, it never gets that far.
            const fileId = await uploadSignature(t, who ?? owner);
            const res = await request(t.baseUrl, 'POST', `/api/proposal/sign/${id}`, {
              json: { fileId, role: block, consent: true, version: await proposalVersion(t, id) },
              cookie: who?.cookie,
            });
            expect(res.status, JSON.stringify(res.body)).toBe(rows[block][role]);
            if (res.status === 404) expect(messageOf(res)).toBe('Not found');
            const signatures = await db()
              .selectFrom('signatures')
              .select('role')
              .where('proposal_id', '=', id)
              .execute();
            expect(signatures).toEqual(res.status === 200 ? [{ role: block }] : []);
          });
        }
      });
    }
  });

  describe('the signature image and the request', () => {
    let id: string;
    let home: TestUser;
    beforeAll(async () => {
      ({ id, home } = await sentProposal());
    });

    const attempt = async (body: Record<string, unknown>, who: TestUser = home) =>
      request(t.baseUrl, 'POST', `/api/proposal/sign/${id}`, {
        json: {
          role: 'homeowner',
          consent: true,
          version: await proposalVersion(t, id),
          ...body,
        },
        cookie: who.cookie,
      });

    const expectRefused = (res: HttpResponse, status: number, message: string) => {
      expect(res.status, JSON.stringify(res.body)).toBe(status);
      expect(messageOf(res)).toBe(message);
    };

    it('refuses an empty pad: a fully transparent 400×200 PNG', async () => {
      const fileId = await uploadSignature(t, home, await blankSignaturePng());
      expectRefused(await attempt({ fileId }), 400, SIGNATURE_EMPTY);
    });

    it('refuses a one-colour image', async () => {
      const fileId = await uploadSignature(t, home, await png(400, 200));
      expectRefused(await attempt({ fileId }), 400, SIGNATURE_EMPTY);
    });

    it('takes only PNG under the signature field (415 at upload)', async () => {
      const res = await upload(t, 'signature', await rotatedJpeg(), 'sig.jpg', home);
      expect(res.status).toBe(415);
    });

    it('refuses a file that is not a signature upload, or someone else’s', async () => {
      const groupImage = await upload(t, 'groupImage', await png(), 'g.png', home);
      const groupImageId = (groupImage.body as { id: string }).id;
      expectRefused(await attempt({ fileId: groupImageId }), 400, SIGNATURE_UNAVAILABLE);
      const othersId = await uploadSignature(t, owner);
      expectRefused(await attempt({ fileId: othersId }), 400, SIGNATURE_UNAVAILABLE);
      expectRefused(
        await attempt({ fileId: '00000000-0000-4000-8000-000000000000' }),
        400,
        SIGNATURE_UNAVAILABLE,
      );
    });

    it('refuses a consent other than true, an unknown role and a missing signature', async () => {
      // Left out, consent, role and version are docs/product/signing.md's bare {fileId} (spec-wire-forms.test.ts).
      const fileId = await uploadSignature(t, home);
      for (const consent of [false, 'yes']) {
        expectRefused(await attempt({ fileId, consent }), 400, CONSENT_REQUIRED);
      }
      expect((await attempt({ fileId, role: 'designer' })).status).toBe(400);
      expect((await attempt({ fileId: 'nope' })).status).toBe(400);
      expect((await attempt({ fileId, version: 0 })).status).toBe(400);
    });

    it('refuses to sign a version the signer was not shown', async () => {
      const fileId = await uploadSignature(t, home);
      const p = await getProposal(id);
      const put = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
        json: { ...asInput(p), contract: 'Edited while the homeowner was reading.' },
        cookie: owner.cookie,
      });
      expect(put.status).toBe(200);
      expectRefused(await attempt({ fileId, version: p.version }), 409, PROPOSAL_CHANGED);
      // Signing what is there now works.
      expect((await attempt({ fileId })).status).toBe(200);
    });

    it('is used once only: its signer cannot sign another proposal with it', async () => {
      const { id: first, home: signer } = await sentProposal();
      const fileId = await uploadSignature(t, signer);
      expect((await signAs(t, signer, first, 'homeowner', { fileId })).status).toBe(200);
      // The same person is the homeowner of a second proposal: same uploader, same block.
      const second = await createProposal(t, owner);
      const sent = await sendProposal(t, owner, {
        proposalId: second,
        to: signer.email,
        homeownersName: signer.name,
      });
      expect(sent.status, JSON.stringify(sent.body)).toBe(200);

      expectRefused(
        await signAs(t, signer, second, 'homeowner', { fileId }),
        400,
        SIGNATURE_UNAVAILABLE,
      );
      const signed = () =>
        db().selectFrom('signatures').select('user_id').where('proposal_id', '=', second).execute();
      expect(await signed()).toEqual([]);
      // Refused for the file alone: a new drawing signs it.
      expect((await signAs(t, signer, second, 'homeowner')).status).toBe(200);
      expect(await signed()).toEqual([{ user_id: signer.id }]);
    });
  });

  it('a homeowner replaced by a re-send cannot sign, even with the current version', async () => {
    const { id, home: former } = await sentProposal();
    const fileId = await uploadSignature(t, former);
    const next = await homeownerOf(t, owner, id, `next${seq}@example.com`, 'Next Homeowner');
    const signatures = () =>
      db().selectFrom('signatures').select('user_id').where('proposal_id', '=', id).execute();

    const refused = await signAs(t, former, id, 'homeowner', { fileId });
    expect(refused.status, JSON.stringify(refused.body)).toBe(404);
    expect(messageOf(refused)).toBe('Not found');
    expect(await signatures()).toEqual([]);

    // On a public proposal they may still read it, but not sign it.
    const toggled = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
      json: { id },
      cookie: owner.cookie,
    });
    expect(toggled.body).toEqual({ isPublic: true });
    const publicRefused = await signAs(t, former, id, 'homeowner', { fileId });
    expect(publicRefused.status, JSON.stringify(publicRefused.body)).toBe(403);
    expect(messageOf(publicRefused)).toBe(NOT_THE_HOMEOWNER);
    expect(await signatures()).toEqual([]);

    const signed = await signAs(t, next, id, 'homeowner');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(await signatures()).toEqual([{ user_id: next.id }]);
  });

  it('records who, when, where from, with what consent and over what content', async () => {
    const { id, home } = await sentProposal();
    const fileId = await uploadSignature(t, home);
    const res = await signAs(t, home, id, 'homeowner', {
      fileId,
      headers: { 'user-agent': 'TestBrowser/1.0 (signing)' },
    });
    expect(res.status).toBe(200);
    const { signedAt } = signReplySchema.parse(res.body);
    const row = await db()
      .selectFrom('signatures')
      .selectAll()
      .where('proposal_id', '=', id)
      .executeTakeFirstOrThrow();
    const user = await db()
      .selectFrom('users')
      .selectAll()
      .where('id', '=', home.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      role: 'homeowner',
      user_id: home.id,
      name: home.name,
      email: home.email,
      ip: '127.0.0.1',
      user_agent: 'TestBrowser/1.0 (signing)',
      signed_at: signedAt,
      last_login_at: user.last_login_at,
      file_id: fileId,
      consent_text: SIGNING_CONSENT,
    });
    expect(row.last_login_at).not.toBeNull();
    expect(row.content_hash).toBe(createHash('sha256').update(row.content_json).digest('hex'));
    const content = JSON.parse(row.content_json) as { cover: { projectName: string } };
    expect(content.cover.projectName).toBe('Kitchen remodel');

    // The image belongs to the proposal now: its signature block shows it to its readers.
    const file = await db()
      .selectFrom('files')
      .select(['proposal_id', 'kind'])
      .where('id', '=', fileId)
      .executeTakeFirstOrThrow();
    expect(file).toEqual({ proposal_id: id, kind: 'HOMEOWNER_SIGNATURE' });
    const p = await getProposal(id, home);
    expect(p.homeownerSignature).toBe(`/api/files/${fileId}`);
    expect(p.contractorsSignature).toBeNull();
    expect(p.events.signedByHomeowner).toBe(signedAt);
    expect(p.signed).toBe(true);
    const image = await request(t.baseUrl, 'GET', `/api/files/${fileId}`, owner);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    // A signature cannot be deleted.
    const del = await request(t.baseUrl, 'DELETE', `/api/files/${fileId}`, home);
    expect(del.status).toBe(403);

    const event = await db()
      .selectFrom('proposal_events')
      .selectAll()
      .where('proposal_id', '=', id)
      .where('kind', '=', 'signed')
      .executeTakeFirstOrThrow();
    expect(event.user_id).toBe(home.id);
    expect(JSON.parse(event.detail)).toEqual({ role: 'homeowner', contentHash: row.content_hash });
  });

  it('racing sign requests give one signature; the others hear Already signed.', async () => {
    const { id, home } = await sentProposal();
    for (const [who, role] of [
      [home, 'homeowner'],
      [owner, 'contractor'],
    ] as const) {
      const version = await proposalVersion(t, id);
      const files = await Promise.all([1, 2, 3, 4].map(() => uploadSignature(t, who)));
      const results = await Promise.all(
        files.map((fileId) => signAs(t, who, id, role, { fileId, version })),
      );
      const statuses = results.map((r) => r.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409]);
      for (const r of results.filter((x) => x.status === 409))
        expect(messageOf(r)).toBe(ALREADY_SIGNED);
      const rows = await db()
        .selectFrom('signatures')
        .select('file_id')
        .where('proposal_id', '=', id)
        .where('role', '=', role)
        .execute();
      expect(rows).toHaveLength(1);
      // Only the winner's image is attached; the losers' stay unused uploads.
      const attached = await db()
        .selectFrom('files')
        .select('id')
        .where('id', 'in', files)
        .where('proposal_id', '=', id)
        .execute();
      expect(attached.map((f) => f.id)).toEqual([rows[0]!.file_id]);
    }
  });

  it('once the homeowner signed: no edit, no resend, the homeowner stays; invitations go on', async () => {
    const { id, home } = await sentProposal();
    const before = await getProposal(id);
    expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
    const p = await getProposal(id);
    expect(p.access).toEqual({ role: 'owner', canEdit: false });
    const put = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...asInput(before), contract: 'Sneaky change.' },
      cookie: owner.cookie,
    });
    expect(put.status).toBe(409);
    expect(messageOf(put)).toBe(FROZEN_AFTER_SIGNING);
    const resend = await sendProposal(t, owner, { proposalId: id, to: home.email });
    expect(resend.status).toBe(409);
    expect(messageOf(resend)).toBe(ALREADY_SIGNED_BY_HOMEOWNER);
    const other = await sendProposal(t, owner, { proposalId: id, to: 'someone-else@example.com' });
    expect(other.status).toBe(409);
    const removal = await request(t.baseUrl, 'DELETE', `/api/proposal/${id}/members/${home.id}`, {
      cookie: owner.cookie,
    });
    expect(removal.status).toBe(409);
    expect(messageOf(removal)).toBe(SIGNED_HOMEOWNER_STAYS);
    const invite = await request(t.baseUrl, 'POST', `/api/proposal/${id}/invite`, {
      json: { inviteeEmail: 'late@example.com' },
      cookie: owner.cookie,
    });
    expect(invite.status).toBe(200);
  });

  it('editing after only the contractor signed withdraws that signature, on request (0009)', async () => {
    const { id } = await sentProposal();
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    const p = await getProposal(id);
    expect(p.access.canEdit).toBe(true);
    const put = (withdrawSignature?: boolean) =>
      request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
        json: {
          ...asInput(p),
          contract: 'Amended after the contractor signed.',
          withdrawSignature,
        },
        cookie: owner.cookie,
      });
    const refused = await put();
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toBe(CONTRACTOR_SIGNED);
    expect((await put(true)).status).toBe(200);
    expect((await getProposal(id)).contractorsSignature).toBeNull();
  });

  it('after the contractor signed, $0.00 and "to be priced" are not the same content (layout 2)', async () => {
    const { id } = await sentProposal();
    const withCost = (p: z.infer<typeof proposalSchema>, rawCost: string) => ({
      ...asInput(p),
      costGroups: asInput(p).costGroups?.map((g, gi) => ({
        ...g,
        values: g.values?.map((v, vi) => (gi === 0 && vi === 0 ? { ...v, rawCost } : v)),
      })),
    });
    const put = (json: unknown) =>
      request(t.baseUrl, 'PUT', `/api/proposal/${id}`, { json, cookie: owner.cookie });
    // Priced at $0.00 (included at no charge), then signed by the contractor.
    expect((await put(withCost(await getProposal(id), '0'))).status).toBe(200);
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    const signed = await getProposal(id);
    // Left to price: what the homeowner reads changed.
    const refused = await put(withCost(signed, ''));
    expect(refused.status).toBe(409);
    expect(messageOf(refused)).toBe(CONTRACTOR_SIGNED);
    // The same content saved again keeps the signature.
    expect((await put(asInput(signed))).status).toBe(200);
    expect((await getProposal(id)).contractorsSignature).not.toBeNull();
  });

  it('a signature recorded in layout 1 is still checked in layout 1', async () => {
    const { id, home } = await sentProposal();
    // Saved once as the test saves it below, so that saving it again changes nothing.
    const put = async () =>
      request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
        json: asInput(await getProposal(id)),
        cookie: owner.cookie,
      });
    expect((await put()).status).toBe(200);
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    // As a signature made before layout 2 recorded it.
    const row = await db()
      .selectFrom('proposals')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const v1 = hashContent(await loadContent(db(), row, 'plansmith/proposal-content/1'));
    await db()
      .updateTable('signatures')
      .set({ content_hash: v1.hash, content_json: v1.json })
      .where('proposal_id', '=', id)
      .execute();
    const log = await request(t.baseUrl, 'POST', '/api/proposal/log', {
      json: { proposalId: id },
      cookie: owner.cookie,
    });
    expect(log.body).toMatchObject({ currentHash: v1.hash, matches: { contractor: true } });
    // An unchanged save keeps it; the homeowner's signature is recorded in the same layout.
    expect((await put()).status).toBe(200);
    expect((await getProposal(id)).contractorsSignature).not.toBeNull();
    expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
    const formats = await db()
      .selectFrom('signatures')
      .select('content_json')
      .where('proposal_id', '=', id)
      .execute();
    expect(formats.map((f) => (JSON.parse(f.content_json) as { format: string }).format)).toEqual([
      'plansmith/proposal-content/1',
      'plansmith/proposal-content/1',
    ]);
  });

  describe('e-mails', () => {
    it('homeowner first: the sender hears it; then both get “fully signed”', async () => {
      const { id, home } = await sentProposal();
      const since = Date.now();
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const notice = await t.mailbox.waitFor(owner.email, {
        since,
        subject: /signed your proposal/,
      });
      expect(notice.subject).toBe(`${home.name} signed your proposal for Kitchen remodel`);
      expect(notice.text).toContain(`${t.appUrl}/proposal/sign/${id}/`);
      expect(notice.text).toContain('Sign the proposal');

      const later = Date.now();
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      const toOwner = await t.mailbox.waitFor(owner.email, {
        since: later,
        subject: /Fully signed/,
      });
      const toHome = await t.mailbox.waitFor(home.email, { since: later, subject: /Fully signed/ });
      expect(toOwner.subject).toBe('Fully signed: the proposal for Kitchen remodel');
      expect(toOwner.text).toContain(`${t.appUrl}/proposal/${id}/`);
      expect(toHome.text).toContain(`${t.appUrl}/proposal/received/${id}/`);
      expect(toHome.text).toContain(`${home.name} and Casey Builds have both signed`);
    });

    it('contractor first: nobody is e-mailed until the homeowner completes it', async () => {
      const { id, home } = await sentProposal();
      const outbox = async () =>
        db()
          .selectFrom('mail_outbox')
          .select(['to_address', 'subject'])
          .orderBy('created_at')
          .execute();
      const before = (await outbox()).length;
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      expect((await outbox()).length).toBe(before);
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const added = (await outbox()).slice(before);
      expect(added.map((m) => m.to_address).sort()).toEqual([home.email, owner.email].sort());
      for (const m of added)
        expect(m.subject).toBe('Fully signed: the proposal for Kitchen remodel');
    });
  });

  it('the dashboard says Signed with the later date once both have signed', async () => {
    const { id, home } = await sentProposal();
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    const second = signReplySchema.parse((await signAs(t, home, id, 'homeowner')).body);
    for (const who of [owner, home]) {
      const list = proposalListSchema.parse(
        (await request(t.baseUrl, 'GET', '/api/proposal/?limit=100', who)).body,
      );
      const item = list.items.find((i) => i._id === id);
      expect(item?.status).toEqual({ label: 'Signed', date: second.signedAt });
    }
  });
});

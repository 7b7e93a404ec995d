import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FROZEN_AFTER_SIGNING,
  photoUploadReplySchema,
  proposalSchema,
} from '../../src/shared/schemas/proposal';
import { runProposalHousekeeping } from '../../src/server/proposals/housekeeping';
import {
  deleteFilesIfStillUnused,
  listUnusedFiles,
} from '../../src/server/proposals/housekeeping-repository';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  tokenFromMail,
  type TestUser,
} from './support/users';
import { pdf, png, storedFiles, upload } from './support/uploads';

const DAY = 24 * 60 * 60 * 1000;

/** GET and DELETE /api/files/:id: who may read or remove a file, and how it is served. */
describe('reading and removing files', () => {
  let t: TestApp;
  let clock = Date.now();
  let owner: TestUser;
  let homeowner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'owner@example.com', 'contractor', { reassign: true });
    homeowner = await signedInUser(t, 'home@example.com', 'homeowner');
    stranger = await signedInUser(t, 'stranger@example.com');
  });
  afterAll(() => t.close());

  const uploaded = async (field: string, bytes: Buffer, name: string, who: TestUser = owner) =>
    photoUploadReplySchema.parse((await upload(t, field, bytes, name, who)).body);
  const get = (id: string, cookie?: string) =>
    request(t.baseUrl, 'GET', `/api/files/${id}`, { cookie });
  const del = (id: string, cookie?: string) =>
    request(t.baseUrl, 'DELETE', `/api/files/${id}`, { cookie });
  const keyOf = async (id: string) =>
    (
      await t.app.ctx.db
        .selectFrom('files')
        .select('storage_key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).storage_key;

  it('a proposal’s file is readable by whoever reads the proposal, and by nobody else', async () => {
    const photo = await uploaded('personalPhoto', await png(), 'me.png');
    const id = await createProposal(t, owner, proposalInput({ personalPhotoId: photo.id }));
    await addMember(t, id, homeowner.id, 'homeowner');
    expect((await get(photo.id, owner.cookie)).status).toBe(200);
    expect((await get(photo.id, homeowner.cookie)).status).toBe(200);
    expect((await get(photo.id, stranger.cookie)).status).toBe(404);
    expect((await get(photo.id)).status).toBe(404);

    await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
      json: { id },
      cookie: owner.cookie,
    });
    expect((await get(photo.id)).status).toBe(200);
    expect((await get(photo.id, stranger.cookie)).status).toBe(200);

    await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id },
      cookie: owner.cookie,
    });
    expect((await get(photo.id, owner.cookie)).status).toBe(404);
  });

  it('an upload not yet in a proposal is readable by its uploader only', async () => {
    const file = await uploaded('currentCondition', pdf(), 'draft.pdf');
    expect((await get(file.id, owner.cookie)).status).toBe(200);
    expect((await get(file.id, stranger.cookie)).status).toBe(404);
    expect((await get(file.id)).status).toBe(404);
    expect((await get('not-a-uuid', owner.cookie)).status).toBe(404);
  });

  it('an account’s company logo (from sign-up) stays public', async () => {
    const form = new FormData();
    form.append('email', 'logo.pro@example.com');
    form.append('name', 'Logo Pro');
    form.append('logo', new Blob([new Uint8Array(await png())]), 'brand.png');
    const since = Date.now();
    expect(
      (await request(t.baseUrl, 'POST', '/api/authorization/signup', { body: form })).status,
    ).toBe(200);
    const mail = await t.mailbox.waitFor('logo.pro@example.com', { since });
    const session = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
    });
    const logoUrl = (session.body as { user: { companyLogo: string } }).user.companyLogo;
    const anon = await request(t.baseUrl, 'GET', logoUrl);
    expect(anon.status).toBe(200);
    expect(anon.headers.get('content-type')).toBe('image/png');

    // A proposal may show the account's logo without taking it over.
    const logoId = logoUrl.split('/').pop()!;
    const id = await createProposal(
      t,
      { cookie: session.cookie },
      proposalInput({ companyLogoId: logoId }),
    );
    const p = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: session.cookie })).body,
    );
    expect(p.companyLogo?.id).toBe(logoId);
    const row = await t.app.ctx.db
      .selectFrom('files')
      .select('proposal_id')
      .where('id', '=', logoId)
      .executeTakeFirstOrThrow();
    expect(row.proposal_id).toBeNull();
    expect((await del(logoId, session.cookie)).status).toBe(403);
  });

  it('serves images inline and documents as attachments, with nosniff and private caching', async () => {
    const image = await uploaded('groupImage', await png(), 'kitchen.png');
    const res = await get(image.id, owner.cookie);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="kitchen.png"/);

    const doc = await uploaded('currentCondition', pdf(), 'Plan – été "v2".png');
    const d = await get(doc.id, owner.cookie);
    expect(d.headers.get('content-type')).toBe('application/pdf');
    expect(d.headers.get('x-content-type-options')).toBe('nosniff');
    expect(d.headers.get('cache-control')).toMatch(/^private/);
    const disposition = d.headers.get('content-disposition')!;
    // RFC 6266: an ASCII fallback and the UTF-8 name; the extension is what the file really is.
    expect(disposition).toBe(
      `attachment; filename="Plan _ _t_ _v2_.pdf"; filename*=UTF-8''Plan%20%E2%80%93%20%C3%A9t%C3%A9%20%22v2%22.pdf`,
    );
    expect(d.headers.get('content-security-policy')).toMatch(/sandbox/);
  });

  it('DELETE: the uploader removes an upload not yet saved, bytes included', async () => {
    const file = await uploaded('groupImage', await png(), 'oops.png');
    const key = await keyOf(file.id);
    expect((await del(file.id, stranger.cookie)).status).toBe(404);
    expect((await del(file.id)).status).toBe(404);
    expect(storedFiles(t)).toContain(key);
    const res = await del(file.id, owner.cookie);
    expect(res.status).toBe(200);
    expect(storedFiles(t)).not.toContain(key);
    expect((await get(file.id, owner.cookie)).status).toBe(404);
    expect((await del(file.id, owner.cookie)).status).toBe(404);
  });

  it('DELETE: a proposal’s file by its owner only; the proposal moves to a new version', async () => {
    const photo = await uploaded('personalPhoto', await png(), 'me.png');
    const id = await createProposal(t, owner, proposalInput({ personalPhotoId: photo.id }));
    await addMember(t, id, homeowner.id, 'homeowner');
    const asMember = await del(photo.id, homeowner.cookie);
    expect(asMember.status).toBe(403);
    expect((await del(photo.id, stranger.cookie)).status).toBe(404);
    const res = await del(photo.id, owner.cookie);
    expect(res.status).toBe(200);
    const p = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie })).body,
    );
    expect(p.personalPhoto).toBeNull();
    expect(p.version).toBe(2);
  });

  it('DELETE: refused with 409 once the homeowner has signed', async () => {
    const doc = await uploaded('currentCondition', pdf(), 'permit.pdf');
    const id = await createProposal(t, owner, proposalInput({ currentConditionIds: [doc.id] }));
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ signed_by_homeowner_at: clock })
      .where('id', '=', id)
      .execute();
    const res = await del(doc.id, owner.cookie);
    expect(res.status).toBe(409);
    expect((res.body as { message: string }).message).toBe(FROZEN_AFTER_SIGNING);
    expect((await get(doc.id, owner.cookie)).status).toBe(200);
  });

  it('housekeeping deletes uploads left unused for a day and files a save dropped, not used ones', async () => {
    const used = await uploaded('currentCondition', pdf(), 'keep.pdf');
    const dropped = await uploaded('currentCondition', pdf(), 'drop.pdf');
    const abandoned = await uploaded('groupImage', await png(), 'abandoned.png');
    const id = await createProposal(
      t,
      owner,
      proposalInput({ currentConditionIds: [used.id, dropped.id] }),
    );
    const p = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie })).body,
    );
    const saved = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...proposalInput({ currentConditionIds: [used.id] }), version: p.version },
      cookie: owner.cookie,
    });
    expect(saved.status).toBe(200);
    const keys = {
      used: await keyOf(used.id),
      dropped: await keyOf(dropped.id),
      abandoned: await keyOf(abandoned.id),
    };

    await runProposalHousekeeping(t.app.ctx);
    expect(storedFiles(t)).toEqual(expect.arrayContaining(Object.values(keys)));

    clock += DAY + 60_000;
    try {
      await runProposalHousekeeping(t.app.ctx);
    } finally {
      clock -= DAY + 60_000;
    }
    const left = storedFiles(t);
    expect(left).toContain(keys.used);
    expect(left).not.toContain(keys.dropped);
    expect(left).not.toContain(keys.abandoned);
    expect((await get(used.id, owner.cookie)).status).toBe(200);
  });

  it('housekeeping keeps a file a save made a proposal’s photo after it was found unused', async () => {
    const photo = await uploaded('personalPhoto', await png(), 'late.png');
    const id = await createProposal(t, owner, proposalInput());
    const kinds = ['personal_photo'] as const;
    const found = await listUnusedFiles(t.app.ctx.db, kinds, clock + DAY, 100);
    expect(found.map((f) => f.id)).toContain(photo.id);
    // What a save between the housekeeping's look and its delete does to the proposal's row.
    await t.app.ctx.db
      .updateTable('proposals')
      .set({ personal_photo_file_id: photo.id })
      .where('id', '=', id)
      .execute();
    expect(await deleteFilesIfStillUnused(t.app.ctx.db, [photo.id])).toEqual([]);
    expect(await listUnusedFiles(t.app.ctx.db, kinds, clock + DAY, 100)).not.toContainEqual(
      expect.objectContaining({ id: photo.id }),
    );
    const p = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: owner.cookie })).body,
    );
    expect(p.personalPhoto?.id).toBe(photo.id);
    expect((await get(photo.id, owner.cookie)).status).toBe(200);
  });

  it('housekeeping purges a deleted proposal after 30 days, its files and bytes with it', async () => {
    const doc = await uploaded('currentCondition', pdf(), 'old.pdf');
    const id = await createProposal(t, owner, proposalInput({ currentConditionIds: [doc.id] }));
    const key = await keyOf(doc.id);
    await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id },
      cookie: owner.cookie,
    });
    clock += 29 * DAY;
    await runProposalHousekeeping(t.app.ctx);
    expect(storedFiles(t)).toContain(key);
    clock += 2 * DAY;
    try {
      await runProposalHousekeeping(t.app.ctx);
    } finally {
      clock -= 31 * DAY;
    }
    expect(storedFiles(t)).not.toContain(key);
    const rows = await t.app.ctx.db
      .selectFrom('proposals')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(rows).toEqual([]);
  });
});

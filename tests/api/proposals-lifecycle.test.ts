import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CONTRACTOR_SIGNED,
  FROZEN_AFTER_SIGNING,
  SIGNED_CONTENT_LOCKED,
  SIGNED_NOT_DELETABLE,
  photoUploadReplySchema,
  proposalListSchema,
  proposalSchema,
  type Proposal,
} from '../../src/shared/schemas/proposal';
import { SIGNATURE_UNAVAILABLE, signingLogSchema } from '../../src/shared/schemas/signing';
import { homeownerOf, inviteeOf, messageOf, signAs, signaturePng } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { pdf, upload } from './support/uploads';
import {
  asInput,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/*
 * Decision 0009: any signature freezes the proposal (a contractor's withdrawn only by a save that
 * says so), a signed proposal is archived rather than deleted, signature files by the signer's
 * kind, and the owner's activity list.
 */

describe('a proposal’s lifecycle', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000 } });
    owner = await signedInUser(t, 'owner@example.com', 'contractor');
    stranger = await signedInUser(t, 'stranger@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const get = async (id: string, who: { cookie?: string } = owner) => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, who);
    expect(res.status).toBe(200);
    return res.body as Proposal;
  };
  const put = (p: Proposal, change: Record<string, unknown>) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${p._id}`, {
      json: { ...asInput(p), ...change },
      cookie: owner.cookie,
    });
  const post = (path: string, json: unknown, who: { cookie?: string } = owner) =>
    request(t.baseUrl, 'POST', path, { json, cookie: who.cookie });
  const list = async (who: { cookie?: string }, query = '') => {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${query}`, who);
    expect(res.status).toBe(200);
    return proposalListSchema.parse(res.body).items;
  };

  /** Created with a selection item and a current-condition file, sent to a new homeowner. */
  async function sentProposal(): Promise<{ id: string; home: TestUser; fileId: string }> {
    seq += 1;
    const up = await upload(t, 'currentCondition', pdf(), 'survey.pdf', owner);
    const fileId = photoUploadReplySchema.parse(up.body).id;
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        currentConditionIds: [fileId],
        costGroups: [
          {
            name: 'Kitchens',
            values: [
              { name: 'Cabinets', rawCost: '1000', costType: 4 },
              { name: 'Faucet', rawCost: '250', costType: 4, selection: true, note: 'Brushed' },
            ],
          },
        ],
      }),
    );
    const home = await homeownerOf(t, owner, id, `home${seq}@example.com`, `Hana ${seq}`);
    return { id, home, fileId };
  }

  describe('after the contractor signed', () => {
    it('a save is refused unless it withdraws the signature; then both parties see it unsigned', async () => {
      const { id, home } = await sentProposal();
      await get(id, home);
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      const signed = await get(id);
      expect(signed.contractorsSignature).not.toBeNull();
      const raised = signed.costGroups.map((g) => ({
        ...g,
        imageIds: [],
        values: g.values.map((v) => ({
          ...v,
          rawCost: v.name === 'Cabinets' ? '9000' : v.rawCost,
        })),
      }));

      // Raising a price after signing: 409, and nothing is written.
      const refused = await put(signed, { costGroups: raised });
      expect(refused.status).toBe(409);
      expect(messageOf(refused)).toBe(CONTRACTOR_SIGNED);
      const unchanged = await get(id);
      expect(unchanged.version).toBe(signed.version);
      expect(unchanged.costGroups[0]!.values[0]!.costCents).toBe(100_000);
      expect(unchanged.contractorsSignature).toBe(signed.contractorsSignature);

      // Saying so withdraws it in the same save, and the signer is told.
      const since = Date.now();
      const saved = await put(signed, { costGroups: raised, withdrawSignature: true });
      expect(saved.status).toBe(200);
      const after = proposalSchema.parse(saved.body);
      expect(after.costGroups[0]!.values[0]!.costCents).toBe(900_000);
      expect(after.contractorsSignature).toBeNull();
      expect(after.events.signedByContractor).toBeNull();
      const mail = await t.mailbox.waitFor(owner.email, { since, subject: /withdrawn/ });
      expect(mail.subject).toBe('Your signature on the proposal for Kitchen remodel was withdrawn');
      expect(mail.text).toContain(`${t.appUrl}/proposal/${id}/`);
      // The homeowner, who may be reading the old text or about to sign it, is told too.
      const told = await t.mailbox.waitFor(home.email, { since, subject: /changed/ });
      expect(told.subject).toBe('Casey Builds changed the proposal for Kitchen remodel');
      expect(told.text).toContain('so their signature was withdrawn');
      expect(told.text).toContain(`${t.appUrl}/proposal/received/${id}/`);

      // The homeowner sees no contractor signature.
      const seen = await get(id, home);
      expect(seen.contractorsSignature).toBeNull();
      expect(seen.events.signedByContractor).toBeNull();
      expect(seen.costGroups[0]!.values[0]!.costCents).toBe(900_000);

      // The log keeps that it was signed, and when it was withdrawn.
      const log = signingLogSchema.parse(
        (await post('/api/proposal/log', { proposalId: id }, home)).body,
      );
      expect(log.contractor).toBeNull();
      expect(log.withdrawn).toHaveLength(1);
      expect(log.withdrawn[0]).toMatchObject({
        role: 'contractor',
        email: owner.email,
        signedAt: signed.events.signedByContractor,
      });
      expect(log.withdrawn[0]!.withdrawnAt).toBeGreaterThanOrEqual(log.withdrawn[0]!.signedAt);

      // The owner's activity says so; the contractor can sign again, then the homeowner.
      const activity = (await get(id)).activity ?? [];
      expect(activity.map((e) => e.kind)).toEqual([
        'created',
        'sent',
        'opened',
        'signed',
        // The save changed what was sent (decision 0085), and so withdrew the signature.
        'edited',
        'signature_withdrawn',
      ]);
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const both = await get(id, home);
      expect(both.contractorsSignature).not.toBeNull();
      expect(both.homeownerSignature).not.toBeNull();
    });

    it('an item note and a file of the proposal cannot change', async () => {
      const { id, fileId } = await sentProposal();
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      const p = await get(id);
      const faucet = p.costGroups[0]!.values.find((v) => v.name === 'Faucet')!;
      const note = await request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${faucet.id}/note`, {
        json: { note: 'Matte black', expected: 'Brushed' },
        cookie: owner.cookie,
      });
      expect(note.status).toBe(409);
      expect(messageOf(note)).toBe(SIGNED_CONTENT_LOCKED);
      const removal = await request(t.baseUrl, 'DELETE', `/api/files/${fileId}`, owner);
      expect(removal.status).toBe(409);
      expect(messageOf(removal)).toBe(SIGNED_CONTENT_LOCKED);
      const now = await get(id);
      expect(now.version).toBe(p.version);
      expect(now.currentCondition.map((f) => f.id)).toEqual([fileId]);
      expect(now.costGroups[0]!.values.find((v) => v.name === 'Faucet')!.note).toBe('Brushed');
    });

    it('once the homeowner signed, even a withdrawing save is refused', async () => {
      const { id, home } = await sentProposal();
      expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const p = await get(id);
      const res = await put(p, { contract: 'Changed.', withdrawSignature: true });
      expect(res.status).toBe(409);
      expect(messageOf(res)).toBe(FROZEN_AFTER_SIGNING);
      expect((await get(id, home)).contractorsSignature).not.toBeNull();
    });
  });

  describe('delete and archive', () => {
    it('a signed proposal is never deleted: 409, and the homeowner keeps it and its log', async () => {
      const { id, home } = await sentProposal();
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const res = await post('/api/proposal/delete', { id });
      expect(res.status).toBe(409);
      expect(messageOf(res)).toBe(SIGNED_NOT_DELETABLE);
      expect((await get(id, home)).signed).toBe(true);
      expect((await post('/api/proposal/log', { proposalId: id }, home)).status).toBe(200);

      // The contractor's signature alone is enough.
      const other = await sentProposal();
      expect((await signAs(t, owner, other.id, 'contractor')).status).toBe(200);
      const res2 = await post('/api/proposal/delete', { id: other.id });
      expect(res2.status).toBe(409);
      expect(messageOf(res2)).toBe(SIGNED_NOT_DELETABLE);

      // An unsigned one is deleted as before.
      const draft = await createProposal(t, owner);
      expect((await post('/api/proposal/delete', { id: draft })).status).toBe(200);
      expect((await request(t.baseUrl, 'GET', `/api/proposal/${draft}`, owner)).status).toBe(404);
    });

    it('archiving hides it from the owner’s list only, until unarchived', async () => {
      const { id, home } = await sentProposal();
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const invitee = await inviteeOf(t, owner, id, `designer${seq}@example.com`);

      // Only the owner archives.
      expect((await post('/api/proposal/archive', { id }, {})).status).toBe(401);
      expect((await post('/api/proposal/archive', { id }, stranger)).status).toBe(404);
      expect((await post('/api/proposal/archive', { id }, home)).status).toBe(403);
      expect((await post('/api/proposal/archive', { id: 'nope' })).status).toBe(400);

      const res = await post('/api/proposal/archive', { id });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ archived: true });
      expect((await list(owner)).map((i) => i._id)).not.toContain(id);
      const archived = await list(owner, '?archived=true');
      expect(archived.map((i) => [i._id, i.archived])).toEqual([[id, true]]);
      // Members keep it, not archived for them; the owner still opens it.
      for (const member of [home, invitee]) {
        const item = (await list(member)).find((i) => i._id === id);
        expect(item?.archived).toBe(false);
        expect((await get(id, member)).signed).toBe(true);
      }
      expect((await get(id)).signed).toBe(true);

      const back = await post('/api/proposal/unarchive', { id });
      expect(back.body).toEqual({ archived: false });
      expect((await list(owner)).find((i) => i._id === id)?.archived).toBe(false);
      expect(await list(owner, '?archived=true')).toEqual([]);
      const kinds = ((await get(id)).activity ?? []).map((e) => e.kind);
      expect(kinds.filter((k) => k.includes('archived'))).toEqual(['archived', 'unarchived']);
    });
  });

  describe('signature files (§3, §7)', () => {
    const signatureUpload = async (who: TestUser, role?: string) => {
      const form = new FormData();
      form.append('used', 'signature');
      form.append('originalName', 'signature.png');
      if (role !== undefined) form.append('role', role);
      form.append('signature', new Blob([new Uint8Array(await signaturePng())]), 'signature.png');
      return request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
        body: form,
        cookie: who.cookie,
      });
    };
    const stored = (id: string) =>
      db()
        .selectFrom('files')
        .select(['kind', 'storage_key'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    it('are of kind and named CONTRACTOR_SIGNATURE or HOMEOWNER_SIGNATURE', async () => {
      const named = (kind: string) =>
        new RegExp(`^[0-9a-f-]{36}-${kind}-NAME-signature-NAME-\\.png$`);
      const c = photoUploadReplySchema.parse((await signatureUpload(owner, 'contractor')).body);
      expect(await stored(c.id)).toEqual({
        kind: 'CONTRACTOR_SIGNATURE',
        storage_key: expect.stringMatching(named('CONTRACTOR_SIGNATURE')) as string,
      });
      // Without a role, the account's: a homeowner signs in the homeowner block.
      const homeowner = await signedInUser(t, 'signer@example.com', 'homeowner');
      const h = photoUploadReplySchema.parse((await signatureUpload(homeowner)).body);
      expect(await stored(h.id)).toEqual({
        kind: 'HOMEOWNER_SIGNATURE',
        storage_key: expect.stringMatching(named('HOMEOWNER_SIGNATURE')) as string,
      });
      const bad = await signatureUpload(owner, 'designer');
      expect(bad.status).toBe(400);
    });

    it('sign only in their own block', async () => {
      const { id } = await sentProposal();
      const wrong = photoUploadReplySchema.parse((await signatureUpload(owner, 'homeowner')).body);
      const res = await signAs(t, owner, id, 'contractor', { fileId: wrong.id });
      expect(res.status).toBe(400);
      expect(messageOf(res)).toBe(SIGNATURE_UNAVAILABLE);
      const right = photoUploadReplySchema.parse((await signatureUpload(owner, 'contractor')).body);
      expect((await signAs(t, owner, id, 'contractor', { fileId: right.id })).status).toBe(200);
    });
  });

  describe('the owner’s activity', () => {
    it('lists created, sent, the first open per recipient and signatures, for the owner only', async () => {
      const { id, home } = await sentProposal();
      await get(id, home);
      await get(id, home);
      expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
      const p = await get(id);
      const activity = p.activity ?? [];
      expect(activity.map((e) => e.kind)).toEqual(['created', 'sent', 'opened', 'signed']);
      expect(activity[1]).toMatchObject({ to: home.email, by: owner.name });
      expect(activity[2]).toMatchObject({ by: home.name });
      expect(activity[3]).toMatchObject({ role: 'homeowner', by: home.name });
      expect(activity[3]!.at).toBe(p.events.signedByHomeowner);
      const opened = await db()
        .selectFrom('proposal_events')
        .select('user_id')
        .where('proposal_id', '=', id)
        .where('kind', '=', 'opened')
        .execute();
      expect(opened).toEqual([{ user_id: home.id }]);

      // Nobody else receives them: not the homeowner, an invitee or a public reader.
      const invitee = await inviteeOf(t, owner, id, `viewer${seq}@example.com`);
      await db().updateTable('proposals').set({ is_public: 1 }).where('id', '=', id).execute();
      for (const who of [home, invitee, {}]) {
        const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, who);
        expect(res.status).toBe(200);
        expect(res.body).not.toHaveProperty('activity');
      }
    });
  });
});

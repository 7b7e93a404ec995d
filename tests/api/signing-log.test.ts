import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import { SIGNING_CONSENT, signingLogSchema } from '../../src/shared/schemas/signing';
import {
  fullInput,
  homeownerOf,
  inviteeOf,
  messageOf,
  signAs,
  uploadSignature,
} from './support/signing';
import { lockWaiters } from './support/locks';
import { request, startTestApp, type TestApp } from './support/test-app';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';
import { png, upload } from './support/uploads';

/*
 * POST /api/proposal/log (docs/product/signing.md Signing log): both signatures as recorded, and the content hash
 * recomputed now, so the log shows whether the proposal still is what each party signed.
 */

describe('the signing log', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000 } });
    owner = await signedInUser(t, 'owner@example.com', 'contractor', { reassign: true });
    stranger = await signedInUser(t, 'stranger@example.com');
  });
  afterAll(() => t.close());

  const log = (proposalId: string, who: { cookie?: string } = owner) =>
    request(t.baseUrl, 'POST', '/api/proposal/log', { json: { proposalId }, cookie: who.cookie });
  const readLog = async (proposalId: string, who: { cookie?: string } = owner) => {
    const res = await log(proposalId, who);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return signingLogSchema.parse(res.body);
  };
  const getProposal = async (id: string) =>
    proposalSchema.parse((await request(t.baseUrl, 'GET', `/api/proposal/${id}`, owner)).body);
  const save = async (id: string, change: (p: ReturnType<typeof fullInput>) => object) => {
    const p = await getProposal(id);
    const res = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: change(fullInput(p)),
      cookie: owner.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };

  it('shows nothing signed, and the current hash, before anyone signs', async () => {
    const id = await createProposal(t, owner);
    const entry = await readLog(id);
    expect(entry).toEqual({
      contractor: null,
      homeowner: null,
      currentHash: expect.stringMatching(/^[0-9a-f]{64}$/) as unknown,
      matches: { contractor: null, homeowner: null },
      withdrawn: [],
    });
    expect((await readLog(id)).currentHash).toBe(entry.currentHash);
  });

  it('matches, keeps its signature through an unchanged save, is withdrawn by a contractor edit (0009), then the homeowner signs what is there', async () => {
    const id = await createProposal(t, owner);
    const home = await homeownerOf(t, owner, id, 'home@example.com', 'Hana Home');
    const fileId = await uploadSignature(t, owner);
    const signed = await signAs(t, owner, id, 'contractor', {
      fileId,
      headers: { 'user-agent': 'LogTest/2.0' },
    });
    expect(signed.status).toBe(200);
    const signedAt = (signed.body as { signedAt: number }).signedAt;

    let entry = await readLog(id, home);
    const ownerRow = await t.app.ctx.db
      .selectFrom('users')
      .select('last_login_at')
      .where('id', '=', owner.id)
      .executeTakeFirstOrThrow();
    expect(entry.contractor).toEqual({
      ip: '127.0.0.1',
      name: 'Casey Contractor',
      email: 'owner@example.com',
      signature: `/api/files/${fileId}`,
      signedAt,
      lastLoginAt: ownerRow.last_login_at,
      userAgent: 'LogTest/2.0',
      contentHash: entry.currentHash,
      consent: SIGNING_CONSENT,
    });
    expect(entry.homeowner).toBeNull();
    expect(entry.matches).toEqual({ contractor: true, homeowner: null });
    const signedHash = entry.currentHash;

    // Saving the same content again moves the version, not the hash.
    await save(id, (p) => p);
    entry = await readLog(id);
    expect(entry.currentHash).toBe(signedHash);
    expect(entry.matches.contractor).toBe(true);

    // A contractor edit before the homeowner signs withdraws the contractor's signature; the log
    // keeps it, with what it covered.
    await save(id, (p) => ({
      ...p,
      withdrawSignature: true,
      costGroups: p.costGroups?.map((g, gi) =>
        gi === 0
          ? { ...g, values: g.values?.map((v, vi) => (vi === 0 ? { ...v, rawCost: '2000' } : v)) }
          : g,
      ),
    }));
    entry = await readLog(id);
    expect(entry.currentHash).not.toBe(signedHash);
    expect(entry.contractor).toBeNull();
    expect(entry.withdrawn).toMatchObject([
      { role: 'contractor', signedAt, contentHash: signedHash, signature: `/api/files/${fileId}` },
    ]);
    expect(entry.matches).toEqual({ contractor: null, homeowner: null });

    expect((await signAs(t, home, id, 'homeowner')).status).toBe(200);
    entry = await readLog(id, home);
    expect(entry.homeowner).toMatchObject({ name: 'Hana Home', email: 'home@example.com' });
    expect(entry.homeowner?.contentHash).toBe(entry.currentHash);
    expect(entry.matches).toEqual({ contractor: null, homeowner: true });
  });

  it("a withdrawn signature of an owner who then handed the proposal on is not the next owner's to read", async () => {
    const id = await createProposal(t, owner);
    await homeownerOf(t, owner, id, 'handed-home@example.com', 'Hal Home');
    expect((await signAs(t, owner, id, 'contractor')).status).toBe(200);
    await save(id, (p) => ({
      ...p,
      contract: 'Amended before handing on.',
      withdrawSignature: true,
    }));
    // The owner still reads their own withdrawn signature.
    expect((await readLog(id)).withdrawn).toMatchObject([
      { role: 'contractor', email: 'owner@example.com' },
    ]);
    const next = await signedInUser(t, 'next.owner@example.com');
    const handed = await request(t.baseUrl, 'POST', '/api/proposal/reassign', {
      json: { id, newOwner: next.email, createNew: false },
      cookie: owner.cookie,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    const theirs = await readLog(id, next);
    expect(theirs.withdrawn).toEqual([]);
    expect(JSON.stringify(theirs)).not.toContain('owner@example.com');
    expect(JSON.stringify(theirs)).not.toContain('127.0.0.1');
  });

  it('a withdrawn signature’s image is its signer’s alone, while they are on the proposal (0076)', async () => {
    const id = await createProposal(t, owner);
    const homeowner = await homeownerOf(t, owner, id, 'image-home@example.com', 'Ida Home');
    const invitee = await inviteeOf(t, owner, id, 'image-guest@example.com');
    const fileId = await uploadSignature(t, owner);
    expect((await signAs(t, owner, id, 'contractor', { fileId })).status).toBe(200);
    const made = await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
      json: { id, isPublic: true },
      cookie: owner.cookie,
    });
    expect(made.status).toBe(200);
    const image = (who: { cookie?: string }) =>
      request(t.baseUrl, 'GET', `/api/files/${fileId}`, { cookie: who.cookie });
    // Standing, it is part of the proposal every reader sees.
    for (const who of [owner, homeowner, invitee, {}]) expect((await image(who)).status).toBe(200);

    await save(id, (p) => ({ ...p, contract: 'Amended after signing.', withdrawSignature: true }));
    expect((await readLog(id)).withdrawn).toMatchObject([{ signature: `/api/files/${fileId}` }]);
    for (const who of [homeowner, invitee, stranger, {}])
      expect((await image(who)).status).toBe(404);
    expect((await image(owner)).status).toBe(200);

    const next = await signedInUser(t, 'image.next@example.com');
    const handed = await request(t.baseUrl, 'POST', '/api/proposal/reassign', {
      json: { id, newOwner: next.email, createNew: false },
      cookie: owner.cookie,
    });
    expect(handed.status, JSON.stringify(handed.body)).toBe(200);
    // Handed on: the next owner never reads it, and the signer, now only a public reader, no more.
    for (const who of [next, owner, homeowner]) expect((await image(who)).status).toBe(404);
  });

  it('the hash follows every part of the content, and nothing else', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Demolition', values: [{ name: 'Remove cabinets', rawCost: '1200' }] },
          { name: 'Kitchens', values: [{ name: 'Sink', rawCost: '300', selection: true }] },
        ],
      }),
    );
    const hash = async () => (await readLog(id)).currentHash;
    const seen = new Set<string>([await hash()]);
    const expectChanged = async () => {
      const h = await hash();
      expect(seen.has(h)).toBe(false);
      seen.add(h);
    };
    await save(id, (p) => ({ ...p, projectName: 'Bathroom' }));
    await expectChanged();
    await save(id, (p) => ({ ...p, contract: `${p.contract ?? ''}\nClause 14.` }));
    await expectChanged();
    await save(id, (p) => ({ ...p, costGroups: [...(p.costGroups ?? [])].reverse() }));
    await expectChanged();
    await save(id, (p) => ({ ...p, costGroups: [...(p.costGroups ?? [])].reverse() }));
    expect(seen.has(await hash())).toBe(true);
    const file = await upload(t, 'currentCondition', await png(30, 30), 'site.png', owner);
    const fileId = (file.body as { id: string }).id;
    await save(id, (p) => ({ ...p, currentConditionIds: [fileId] }));
    await expectChanged();

    // Shopping and events are not signed content: sending does not move the hash.
    const before = await hash();
    await homeownerOf(t, owner, id, 'shopper@example.com');
    await inviteeOf(t, owner, id, 'helper@example.com');
    expect(await hash()).toBe(before);
  });

  // PostgreSQL only: on SQLite one connection serves the log and every write, so nothing can
  // commit between its reads.
  it.runIf(process.env.TEST_DB === 'postgres')(
    'reads one snapshot: a change committed between its reads is not in the hash it shows',
    async () => {
      const id = await createProposal(
        t,
        owner,
        proposalInput({
          costGroups: [{ name: 'Demolition', values: [{ name: 'Remove tile', rawCost: '900' }] }],
        }),
      );
      const before = (await readLog(id)).currentHash;
      let logged: ReturnType<typeof log> | undefined;
      await t.app.ctx.db.transaction().execute(async (trx) => {
        // The log reads the groups after the proposal, its signatures and members: with the
        // table locked, its read of them waits, its earlier reads already done.
        await sql`lock table cost_groups in access exclusive mode`.execute(trx);
        logged = log(id);
        await expect.poll(() => lockWaiters(t), { timeout: 20_000 }).toBeGreaterThan(0);
        // Both the proposal, read before the wait, and its groups, read after it, change.
        await trx
          .updateTable('proposals')
          .set({ project_name: 'Changed mid-log' })
          .where('id', '=', id)
          .execute();
        await trx
          .updateTable('cost_groups')
          .set({ name: 'Changed mid-log' })
          .where('proposal_id', '=', id)
          .execute();
      });
      const res = await logged!;
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      // As it was when the log began; read statement by statement it would hash the old
      // proposal with the new groups, a version that never existed.
      expect(signingLogSchema.parse(res.body).currentHash).toBe(before);
      expect((await readLog(id)).currentHash).not.toBe(before);
    },
  );

  it('the same content in two proposals has the same hash', async () => {
    const a = await createProposal(t, owner, proposalInput({ projectName: 'Same' }));
    const b = await createProposal(t, owner, proposalInput({ projectName: 'Same' }));
    expect((await readLog(a)).currentHash).toBe((await readLog(b)).currentHash);
  });

  describe('§6 rows: the owner and the members', () => {
    type Role = 'owner' | 'homeowner' | 'invitee' | 'stranger' | 'loggedOut' | 'publicReader';
    const expected: Record<Role, number> = {
      owner: 200,
      homeowner: 200,
      invitee: 404,
      stranger: 404,
      loggedOut: 401,
      publicReader: 404,
    };
    let id: string;
    let publicId: string;
    let home: TestUser;
    let invitee: TestUser;
    beforeAll(async () => {
      id = await createProposal(t, owner);
      home = await homeownerOf(t, owner, id, 'row-home@example.com');
      invitee = await inviteeOf(t, owner, id, 'row-invitee@example.com');
      publicId = await createProposal(t, owner);
      await request(t.baseUrl, 'POST', '/api/proposal/toggleVisibility', {
        json: { id: publicId },
        cookie: owner.cookie,
      });
    });
    for (const role of Object.keys(expected) as Role[]) {
      it(`${role} → ${expected[role]}`, async () => {
        const cookie = {
          owner: owner.cookie,
          homeowner: home.cookie,
          invitee: invitee.cookie,
          stranger: stranger.cookie,
          publicReader: stranger.cookie,
          loggedOut: undefined,
        }[role];
        const res = await log(role === 'publicReader' ? publicId : id, { cookie });
        expect(res.status).toBe(expected[role]);
        if (res.status === 404) expect(messageOf(res)).toBe('Not found');
      });
    }

    it('an invited member (a designer) sees that it is signed and when, but not who signed from where', async () => {
      const signedId = await createProposal(t, owner);
      const signer = await homeownerOf(t, owner, signedId, 'log-home@example.com');
      const designer = await inviteeOf(t, owner, signedId, 'log-designer@example.com');
      const fileId = await uploadSignature(t, owner);
      expect((await signAs(t, owner, signedId, 'contractor', { fileId })).status).toBe(200);
      expect((await signAs(t, signer, signedId, 'homeowner')).status).toBe(200);

      const seen = await request(t.baseUrl, 'GET', `/api/proposal/${signedId}`, designer);
      expect(seen.status).toBe(200);
      const p = proposalSchema.parse(seen.body);
      expect(p.events.signedByContractor).toEqual(expect.any(Number));
      expect(p.events.signedByHomeowner).toEqual(expect.any(Number));
      expect(JSON.stringify(seen.body)).not.toContain('127.0.0.1');
      expect(JSON.stringify(seen.body)).not.toContain('log-home@example.com');

      const res = await log(signedId, designer);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ message: 'Not found' });
      expect(JSON.stringify(res.body)).not.toContain('127.0.0.1');
      // Both signers still read it.
      expect((await readLog(signedId, signer)).homeowner?.email).toBe('log-home@example.com');
      expect((await readLog(signedId)).contractor?.email).toBe('owner@example.com');
    });

    it('a malformed id is 400', async () => {
      expect((await log('nope')).status).toBe(400);
    });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { proposalSchema, type Proposal } from '../../src/shared/schemas/proposal';
import { itemOptionsSchema, optionSchema } from '../../src/shared/schemas/selections';
import { insertProduct } from './support/products';
import { fullInput, homeownerOf, inviteeOf, signAs } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { upload, png } from './support/uploads';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * GET /api/proposal/:id keeps its reply per proposal version and reader (decision 0024). Every
 * kind of write that changes what a reader sees must show at the very next read, for every
 * reader: each test reads first (so a reply is kept), writes, and reads again.
 */
describe('kept proposal replies are never stale', () => {
  let t: TestApp;
  let owner: TestUser;
  let homeowner: TestUser;
  let invitee: TestUser;
  let id: string;
  let itemId: string;

  beforeAll(async () => {
    t = await startTestApp({
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'kept-owner@example.com', 'contractor', { reassign: true });
    id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Kitchen', values: [{ name: 'Faucet', rawCost: '300', selection: true }] },
        ],
      }),
    );
    itemId = (await read(owner)).costGroups[0]!.values[0]!.id;
  });
  afterAll(() => t.close());

  async function read(who: { cookie?: string }): Promise<Proposal> {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
      cookie: who.cookie,
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return proposalSchema.parse(res.body);
  }

  const readStatus = async (who: { cookie?: string }) =>
    (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: who.cookie })).status;

  async function save(change: (p: Proposal) => Partial<ReturnType<typeof fullInput>>) {
    const current = await read(owner);
    const res = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...fullInput(current), ...change(current) },
      cookie: owner.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  const post = (path: string, json: unknown, who: TestUser) =>
    request(t.baseUrl, 'POST', path, { json, cookie: who.cookie });

  it("shows the owner's save to the owner and the homeowner at once", async () => {
    homeowner = await homeownerOf(t, owner, id, 'kept-home@example.com');
    expect((await read(homeowner)).projectName).toBe('Kitchen remodel');
    expect((await read(owner)).projectName).toBe('Kitchen remodel');
    await save(() => ({ projectName: 'Kitchen and pantry' }));
    expect((await read(homeowner)).projectName).toBe('Kitchen and pantry');
    expect((await read(owner)).projectName).toBe('Kitchen and pantry');
  });

  it('shows a sending (the sent time) and the homeowner’s first open in the owner’s activity', async () => {
    const before = await read(owner);
    expect(before.events.sent).not.toBeNull();
    expect(before.activity?.map((e) => e.kind)).toContain('opened');
    const again = await homeownerOf(t, owner, id, 'kept-home@example.com');
    homeowner = again;
    const after = await read(owner);
    expect(after.activity?.filter((e) => e.kind === 'sent')).toHaveLength(2);
    expect((await read(homeowner)).events.sent).toBe(after.events.sent);
  });

  it('shows an item note written from the shop page', async () => {
    expect((await read(homeowner)).costGroups[0]!.values[0]!.note).toBe('');
    const res = await request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${itemId}/note`, {
      json: { note: 'Brushed nickel', expected: '' },
      cookie: owner.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await read(homeowner)).costGroups[0]!.values[0]!.note).toBe('Brushed nickel');
  });

  it('shows an option added and removed in the item’s option count', async () => {
    expect((await read(homeowner)).costGroups[0]!.values[0]!.optionCount).toBe(0);
    const productId = await insertProduct(t, {
      title: 'Pull-down faucet',
      image_url: '/catalogue/{id}.png',
      price_cents: 24_950,
      manual: 0,
      catalogue: 1,
      created_by: null,
    });
    const added = await post(
      `/api/proposal/${id}/addProduct/`,
      { costItemId: itemId, productId },
      homeowner,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect((await read(homeowner)).costGroups[0]!.values[0]!.optionCount).toBe(1);
    expect((await read(owner)).costGroups[0]!.values[0]!.optionCount).toBe(1);
    const option = optionSchema.parse(added.body);
    const removed = await request(t.baseUrl, 'DELETE', `/api/proposal/${id}/options/${option.id}`, {
      cookie: homeowner.cookie,
    });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(itemOptionsSchema.parse(removed.body).options).toHaveLength(0);
    expect((await read(homeowner)).costGroups[0]!.values[0]!.optionCount).toBe(0);
  });

  it('shows a product entered by hand in the item’s option count', async () => {
    // One who reads it for the first time after the change, with no reply of theirs kept.
    const designer = await inviteeOf(t, owner, id, 'kept-hand-designer@example.com');
    expect((await read(homeowner)).costGroups[0]!.values[0]!.optionCount).toBe(0);
    expect((await read(owner)).costGroups[0]!.values[0]!.optionCount).toBe(0);
    const image = await upload(t, 'productImage', await png(), 'faucet.png', homeowner);
    expect(image.status, JSON.stringify(image.body)).toBe(200);
    const added = await post(
      '/api/products/',
      {
        manual: true,
        costItemId: itemId,
        manualProductData: {
          productName: 'Hand-made faucet',
          productURL: 'https://artisan.example.com/faucet',
          photoURL: '',
          imageFileId: z.object({ id: z.string() }).parse(image.body).id,
          priceCents: 45_000,
          currency: 'USD',
        },
      },
      homeowner,
    );
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    expect((await read(homeowner)).costGroups[0]!.values[0]!.optionCount).toBe(1);
    expect((await read(owner)).costGroups[0]!.values[0]!.optionCount).toBe(1);
    expect((await read(designer)).costGroups[0]!.values[0]!.optionCount).toBe(1);
  });

  it('shows a file attached by a save and gone once removed', async () => {
    const uploaded = await upload(t, 'currentCondition', await png(), 'before.png', owner);
    expect(uploaded.status).toBe(200);
    const fileId = (uploaded.body as { id: string }).id;
    expect((await read(homeowner)).currentCondition).toEqual([]);
    await save(() => ({ currentConditionIds: [fileId] }));
    expect((await read(homeowner)).currentCondition.map((f) => f.id)).toEqual([fileId]);
    const removed = await request(t.baseUrl, 'DELETE', `/api/files/${fileId}`, {
      cookie: owner.cookie,
    });
    expect(removed.status).toBe(200);
    expect((await read(homeowner)).currentCondition).toEqual([]);
  });

  it('shows making it public and private again', async () => {
    expect((await read(homeowner)).isPublic).toBe(false);
    expect(await readStatus({})).toBe(404);
    expect((await post('/api/proposal/toggleVisibility', { id }, owner)).status).toBe(200);
    expect((await read(homeowner)).isPublic).toBe(true);
    expect((await read({})).access.role).toBe('public');
    expect((await post('/api/proposal/toggleVisibility', { id }, owner)).status).toBe(200);
    expect((await read(homeowner)).isPublic).toBe(false);
    expect(await readStatus({})).toBe(404);
  });

  it('lets an invitee read it at once, and not once removed', async () => {
    invitee = await inviteeOf(t, owner, id, 'kept-designer@example.com');
    expect((await read(invitee)).access.role).toBe('invitee');
    const removed = await request(
      t.baseUrl,
      'DELETE',
      `/api/proposal/${id}/members/${invitee.id}`,
      { cookie: owner.cookie },
    );
    expect(removed.status).toBe(200);
    expect(await readStatus(invitee)).toBe(404);
  });

  it('shows archiving in the owner’s activity', async () => {
    expect((await read(owner)).activity?.map((e) => e.kind)).not.toContain('archived');
    expect((await post('/api/proposal/archive', { id }, owner)).status).toBe(200);
    expect((await read(owner)).activity?.map((e) => e.kind)).toContain('archived');
    expect((await post('/api/proposal/unarchive', { id }, owner)).status).toBe(200);
    expect((await read(owner)).activity?.map((e) => e.kind)).toContain('unarchived');
  });

  it('shows the contractor’s signature, its withdrawal by a save, and the homeowner’s', async () => {
    expect((await read(homeowner)).contractorsSignature).toBeNull();
    const signed = await signAs(t, owner, id, 'contractor');
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const afterSigning = await read(homeowner);
    expect(afterSigning.contractorsSignature).not.toBeNull();
    expect(afterSigning.events.signedByContractor).not.toBeNull();

    await save(() => ({ projectName: 'Kitchen, pantry and hall', withdrawSignature: true }));
    const afterWithdrawal = await read(homeowner);
    expect(afterWithdrawal.contractorsSignature).toBeNull();
    expect(afterWithdrawal.projectName).toBe('Kitchen, pantry and hall');

    expect((await read(owner)).access.canEdit).toBe(true);
    const byHomeowner = await signAs(t, homeowner, id, 'homeowner');
    expect(byHomeowner.status, JSON.stringify(byHomeowner.body)).toBe(200);
    const home = await read(homeowner);
    expect(home.signed).toBe(true);
    expect(home.homeownerSignature).not.toBeNull();
    const own = await read(owner);
    expect(own.access.canEdit).toBe(false);
    expect(own.activity?.filter((e) => e.kind === 'signed')).toHaveLength(2);
  });

  it('shows a reassignment: the new owner reads it as owner, the old one no longer', async () => {
    // A proposal of its own: the one above is signed now, and a signed one stays (decision 0076).
    const given = await createProposal(t, owner);
    const reader = await homeownerOf(t, owner, given, 'kept-given-home@example.com');
    const readGiven = async (who: { cookie?: string }) =>
      request(t.baseUrl, 'GET', `/api/proposal/${given}`, {
        cookie: who.cookie,
        headers: { 'accept-encoding': 'br' },
      });
    const ownerNameFor = async (who: { cookie?: string }) =>
      proposalSchema.parse((await readGiven(who)).body).ownerName;
    expect(await ownerNameFor(reader)).toBe('Casey Contractor');
    const next = await signedInUser(t, 'kept-next@example.com', 'contractor', {
      name: 'Noor Next',
    });
    const res = await post(
      '/api/proposal/reassign',
      { id: given, newOwner: next.email, createNew: false },
      owner,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await ownerNameFor(reader)).toBe('Noor Next');
    expect(proposalSchema.parse((await readGiven(next)).body).access.role).toBe('owner');
    expect((await readGiven(owner)).status).toBe(404);
  });
});

describe('kept proposal replies: conditional requests', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await signedInUser(t, 'kept-etag@example.com', 'contractor', { reassign: true });
  });
  afterAll(() => t.close());

  it('answers 304 to the ETag of the current reply, and the new reply once it changed', async () => {
    const id = await createProposal(t, owner);
    const path = `/api/proposal/${id}`;
    const first = await request(t.baseUrl, 'GET', path, { cookie: owner.cookie });
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const same = await request(t.baseUrl, 'GET', path, {
      cookie: owner.cookie,
      headers: { 'if-none-match': etag },
    });
    expect(same.status).toBe(304);
    expect(same.body).toBe('');
    expect((await post(t, '/api/proposal/toggleVisibility', { id }, owner)).status).toBe(200);
    const changed = await request(t.baseUrl, 'GET', path, {
      cookie: owner.cookie,
      headers: { 'if-none-match': etag },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    expect(proposalSchema.parse(changed.body).isPublic).toBe(true);
  });

  it('keeps the plan across a header-only change, and shows the next change of the plan at once', async () => {
    // Its own proposal: the shared one is signed and reassigned by the tests above.
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        costGroups: [
          { name: 'Bath', values: [{ name: 'Tub', rawCost: '900', selection: true }] },
          { name: 'Deck', values: [{ name: 'Boards', rawCost: '2400', selection: false }] },
        ],
      }),
    );
    const reader = await homeownerOf(t, owner, id, 'kept-plan-home@example.com');
    const readAs = async (who: TestUser) => {
      const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
        cookie: who.cookie,
        headers: { 'accept-encoding': 'br' },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return proposalSchema.parse(res.body);
    };
    const first = await readAs(reader);
    const tubId = first.costGroups[0]!.values[0]!.id;
    expect((await post(t, '/api/proposal/toggleVisibility', { id }, owner)).status).toBe(200);
    const shown = await readAs(reader);
    expect(shown.isPublic).toBe(true);
    expect(shown.costGroups).toEqual(first.costGroups);

    const note = await request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${tubId}/note`, {
      json: { note: 'Cast iron', expected: '' },
      cookie: owner.cookie,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(200);
    expect((await readAs(reader)).costGroups[0]!.values[0]!.note).toBe('Cast iron');

    expect((await post(t, '/api/proposal/archive', { id }, owner)).status).toBe(200);
    const current = await readAs(owner);
    expect(current.activity?.map((e) => e.kind)).toContain('archived');
    expect(current.costGroups[0]!.values[0]!.note).toBe('Cast iron');
    const renamed = structuredClone(current);
    renamed.costGroups[1]!.values[0]!.name = 'Cedar boards';
    const saved = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: fullInput(renamed),
      cookie: owner.cookie,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = await readAs(reader);
    expect(after.costGroups[1]!.values[0]!.name).toBe('Cedar boards');
    expect(after.costGroups[0]!.values[0]!.note).toBe('Cast iron');
    expect(after.isPublic).toBe(true);
    expect((await post(t, '/api/proposal/toggleVisibility', { id }, owner)).status).toBe(200);
    const last = await readAs(reader);
    expect(last.isPublic).toBe(false);
    expect(last.costGroups).toEqual(after.costGroups);
  });

  it('writes the very bytes the reply schema gives, text needing escapes and unicode included', async () => {
    const text = 'Quote " backslash \\ tab\t line\n Küche 厨房 ½ × 3 🛁 \u2028 "costGroups":[]';
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        projectName: text,
        introductoryNote: text,
        costGroups: [
          { name: text, note: text, values: [{ name: text, rawCost: '12.5', note: text }] },
          { name: 'Plain', values: [{ name: 'Item', rawCost: '', selection: true }] },
        ],
      }),
    );
    const reader = await homeownerOf(t, owner, id, 'kept-bytes-home@example.com');
    for (const who of [owner, reader]) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await fetch(`${t.baseUrl}/api/proposal/${id}`, {
          headers: { cookie: who.cookie ?? '', 'accept-encoding': encoding },
        });
        expect(res.status).toBe(200);
        const body = await res.text();
        const read = proposalSchema.parse(JSON.parse(body));
        expect(read.costGroups[0]!.values[0]!.note).toBe(text);
        expect(body).toBe(JSON.stringify(z.encode(proposalSchema, read)));
      }
    }
  });

  it('gives each reader the reply of their own access', async () => {
    const id = await createProposal(t, owner);
    expect((await post(t, '/api/proposal/toggleVisibility', { id }, owner)).status).toBe(200);
    const path = `/api/proposal/${id}`;
    const asOwner = await request(t.baseUrl, 'GET', path, { cookie: owner.cookie });
    const asPublic = await request(t.baseUrl, 'GET', path, {
      headers: { 'if-none-match': asOwner.headers.get('etag') ?? '' },
    });
    expect(asPublic.status).toBe(200);
    const read = proposalSchema.parse(asPublic.body);
    expect(read.access.role).toBe('public');
    expect(read.activity).toBeUndefined();
  });
});

function post(t: TestApp, path: string, json: unknown, who: TestUser) {
  return request(t.baseUrl, 'POST', path, { json, cookie: who.cookie });
}

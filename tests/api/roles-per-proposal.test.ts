import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  photoUploadReplySchema,
  proposalListSchema,
  proposalSchema,
} from '../../src/shared/schemas/proposal';
import { selectionsPageSchema } from '../../src/shared/schemas/selections';
import { SEND_TO_SELF } from '../../src/shared/schemas/sending';
import { NOT_THE_CONTRACTOR } from '../../src/shared/schemas/signing';
import { REASSIGN_TO_HOMEOWNER } from '../../src/server/proposals/sharing-service';
import { cookieJar } from './support/http';
import { insertProduct } from './support/products';
import { messageOf, openMailedLink, sendProposal, signAs, signaturePng } from './support/signing';
import { uploadForm } from './support/uploads';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  createProposal,
  proposalWithItemToChoose,
  signedInUser,
  tokenFromMail,
  type TestUser,
} from './support/users';

/*
 * Decision 0093: what a person may do with a proposal comes from their relation to it (owner,
 * homeowner, invitee, public); the account's role says only whether they create and send
 * proposals. A contractor can be the homeowner of another contractor's proposal, and a homeowner's
 * account becomes a contractor's by signing up, keeping what it received.
 */
describe('roles are per proposal', () => {
  let t: TestApp;
  let ada: TestUser;
  let bo: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    ada = await signedInUser(t, 'ada.builds@example.com', 'contractor', { name: 'Ada Builds' });
    bo = await signedInUser(t, 'bo.subs@example.com', 'contractor', { name: 'Bo Subs' });
  });
  afterAll(() => t.close());

  const db = () => t.app.ctx.db;
  const get = (path: string, who: { cookie?: string }) =>
    request(t.baseUrl, 'GET', path, { cookie: who.cookie });
  const account = (email: string) =>
    db().selectFrom('users').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
  const membership = (proposalId: string, userId: string) =>
    db()
      .selectFrom('proposal_members')
      .select(['role', 'name_on_proposal'])
      .where('proposal_id', '=', proposalId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  const listOf = async (who: { cookie?: string }) =>
    proposalListSchema.parse((await get('/api/proposal/', who)).body).items;
  const signUp = (email: string, name: string, companyName: string) =>
    request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email, name, phoneNumber: '555-0199', companyName },
    });

  it("sends to another contractor's address: they become its homeowner, their account unchanged", async () => {
    const { id } = await proposalWithItemToChoose(t, ada);
    const since = Date.now();
    const sent = await sendProposal(t, ada, {
      proposalId: id,
      to: 'bo.subs@example.com',
      homeownersName: 'Bo (our sub)',
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(await account('bo.subs@example.com')).toMatchObject({
      role: 'contractor',
      name: 'Bo Subs',
    });
    expect(await membership(id, bo.id)).toEqual({
      role: 'homeowner',
      name_on_proposal: 'Bo (our sub)',
    });
    // The e-mailed link lands on the received view, as any homeowner's does.
    const { res } = await openMailedLink(t, 'bo.subs@example.com', since);
    expect(res.status).toBe(200);
    expect(res.body.redirect).toBe(`/proposal/received/${id}/`);
    // Bo's own proposal and the received one, each with its own relation.
    const own = await createProposal(t, bo);
    const rows = await listOf(bo);
    expect(rows.find((r) => r._id === own)?.access.role).toBe('owner');
    expect(rows.find((r) => r._id === id)?.access.role).toBe('homeowner');
  });

  it("refuses the owner's own address with a clear message", async () => {
    const id = await createProposal(t, ada);
    const res = await sendProposal(t, ada, { proposalId: id, to: 'ada.builds@example.com' });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(SEND_TO_SELF);
    expect(await membership(id, ada.id)).toBeUndefined();
  });

  it('the contractor-homeowner reads, shops and signs the received proposal but cannot edit it', async () => {
    const { id, itemId } = await proposalWithItemToChoose(t, ada);
    expect((await sendProposal(t, ada, { proposalId: id, to: bo.email })).status).toBe(200);
    const read = await get(`/api/proposal/${id}`, bo);
    expect(read.status).toBe(200);
    expect(proposalSchema.parse(read.body).access).toEqual({ role: 'homeowner', canEdit: false });
    // Editing is the owner's, whatever account reads it.
    const edit = await request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
      json: { ...proposalSchema.parse(read.body), version: 1 },
      cookie: bo.cookie,
    });
    expect(edit.status).toBe(403);
    // The shop page is theirs to change.
    const shop = selectionsPageSchema.parse((await get(`/api/proposal/${id}/selections`, bo)).body);
    expect(shop.canShop).toBe(true);
    const productId = await insertProduct(t, { title: 'Brushed Faucet' });
    const added = await request(t.baseUrl, 'POST', `/api/proposal/${id}/addProduct/`, {
      json: { costItemId: itemId, productId },
      cookie: bo.cookie,
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    // Not the contractor's block, which is Ada's; the homeowner's is Bo's.
    const asContractor = await signAs(t, bo, id, 'contractor');
    expect(asContractor.status).toBe(403);
    expect(messageOf(asContractor)).toBe(NOT_THE_CONTRACTOR);
    // The drawing names its block, as the sign dialog's upload does: Bo's account role would
    // name the contractor's (the upload belongs to no proposal yet).
    const form = uploadForm('signature', await signaturePng(), 'signature.png');
    form.append('role', 'homeowner');
    const drawing = await request(t.baseUrl, 'POST', '/api/proposal/photo-upload', {
      body: form,
      cookie: bo.cookie,
    });
    const fileId = photoUploadReplySchema.parse(drawing.body).id;
    const signed = await signAs(t, bo, id, 'homeowner', { fileId });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    const after = proposalSchema.parse((await get(`/api/proposal/${id}`, ada)).body);
    expect(after.events.signedByHomeowner).not.toBeNull();
    // Recorded under the name Ada's send gave Bo, not his account's (decision 0087).
    const signature = await db()
      .selectFrom('signatures')
      .select(['name', 'email'])
      .where('proposal_id', '=', id)
      .where('role', '=', 'homeowner')
      .executeTakeFirstOrThrow();
    expect(signature).toEqual({ name: 'Hana Homeowner', email: bo.email });
  });

  it('cannot hand a proposal to its homeowner: one person would be both sides', async () => {
    const admin = await signedInUser(t, 'admin.roles@example.com', 'contractor', {
      reassign: true,
    });
    const id = await createProposal(t, admin);
    expect((await sendProposal(t, admin, { proposalId: id, to: bo.email })).status).toBe(200);
    const res = await request(t.baseUrl, 'POST', '/api/proposal/reassign', {
      json: { id, newOwner: bo.email, createNew: false },
      cookie: admin.cookie,
    });
    expect(res.status).toBe(400);
    expect(messageOf(res)).toBe(REASSIGN_TO_HOMEOWNER);
  });

  it('a homeowner signs up as a contractor, creates a proposal, and still has the received one', async () => {
    const { id } = await proposalWithItemToChoose(t, ada);
    const since = Date.now();
    const email = 'hana.later.pro@example.com';
    expect(
      (await sendProposal(t, ada, { proposalId: id, to: email, homeownersName: 'Hana H.' })).status,
    ).toBe(200);
    const { jar: homeownerJar } = await openMailedLink(t, email, since);
    const hana = await account(email);
    expect(hana.role).toBe('homeowner');

    const signupSince = Date.now();
    const signup = await signUp(email, 'Hana Pro', 'Hana Renovations');
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    // Nothing changes before the address is proved (decision 0078): her session, her role.
    expect(await account(email)).toMatchObject({ role: 'homeowner', name: '' });
    expect(
      (await get('/api/authorization/me', { cookie: homeownerJar.header() })).body,
    ).toMatchObject({ user: { role: 'homeowner' } });

    const mail = await t.mailbox.waitFor(email, {
      since: signupSince,
      subject: /Make your Plansmith account a contractor account/,
    });
    // The address's owner is told what opening it changes, and whose words the details are: a
    // stranger may have asked (review 28 F3). The greeting names nobody.
    expect(mail.text).toContain(
      `Someone signed up as a contractor with ${email}, which already has a Plansmith account`,
    );
    expect(mail.text).toContain('contractor account named Hana Pro, of Hana Renovations.');
    expect(mail.text).toContain('If this was not you, ignore this email');
    expect(mail.text).not.toContain('Hi Hana Pro');
    // A settings page she opened before must not save over the sign-up's details (F2).
    const before = await get('/api/authorization/account', { cookie: homeownerJar.header() });
    expect(before.status).toBe(200);
    const jar = cookieJar();
    const opened = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar,
    });
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({
      user: { role: 'contractor', name: 'Hana Pro', companyName: 'Hana Renovations' },
    });
    expect(opened.body).not.toHaveProperty('signupAsHomeowner');
    const stale = await request(t.baseUrl, 'PUT', '/api/authorization/account', {
      json: { version: (before.body as { version: number }).version, name: 'h', phoneNumber: '' },
      cookie: homeownerJar.header(),
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ code: 'account_changed' });
    // The same account: her membership and this proposal's name for her stay.
    expect((await account(email)).id).toBe(hana.id);
    expect(await membership(id, hana.id)).toEqual({
      role: 'homeowner',
      name_on_proposal: 'Hana H.',
    });
    const who = { cookie: jar.header() };
    const received = proposalSchema.parse((await get(`/api/proposal/${id}`, who)).body);
    expect(received.access.role).toBe('homeowner');
    const homeowner = await get(`/api/proposal/homeowner/${id}`, who);
    expect(homeowner.body).toMatchObject({ name: 'Hana H.', email });
    // And she creates and sends her own.
    const own = await createProposal(t, who);
    const rows = await listOf(who);
    expect(new Map(rows.map((r) => [r._id, r.access.role]))).toEqual(
      new Map([
        [own, 'owner'],
        [id, 'homeowner'],
      ]),
    );
    expect((await sendProposal(t, who, { proposalId: own, to: ada.email })).status).toBe(200);
  });

  it("a stranger's send to an address no longer locks its owner out of signing up", async () => {
    const mallory = await signedInUser(t, 'mallory.sends@example.com');
    const lockedOut = 'dee.soon.pro@example.com';
    const id = await createProposal(t, mallory);
    expect((await sendProposal(t, mallory, { proposalId: id, to: lockedOut })).status).toBe(200);
    const since = Date.now();
    const signup = await signUp(lockedOut, 'Dee Pro', 'Dee Builds');
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const mail = await t.mailbox.waitFor(lockedOut, {
      since,
      subject: /Make your Plansmith account a contractor account/,
    });
    const opened = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
    });
    expect(opened.body).toMatchObject({ user: { role: 'contractor', name: 'Dee Pro' } });
    // Once a contractor's, the address is taken for another sign-up.
    const again = await signUp(lockedOut, 'Mallory', 'Scam Co');
    expect(again.status).toBe(400);
    expect(messageOf(again)).toBe('Email is already associated with another account');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_CHANGED, accountSchema, type Account } from '../../src/shared/schemas/account';
import { meReplySchema } from '../../src/shared/schemas/auth';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import { membersReplySchema } from '../../src/shared/schemas/sending';
import { homeownerOf, inviteeOf, sendProposal } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import { png, upload } from './support/uploads';
import { createProposal, proposalInput, signedInUser, type TestUser } from './support/users';

/*
 * The account settings page's API (decision 0094): a signed-in person changes their own name,
 * phone and, as a contractor, company name and logo; never their e-mail address, never someone
 * else's account, never over a change another tab saved first. What is sent from now on reads
 * the new values; proposals already written keep their own.
 */

const PATH = '/api/authorization/account';

describe('account settings', () => {
  let t: TestApp;
  let carla: TestUser;

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    carla = await signedInUser(t, 'carla@example.com', 'contractor', { name: 'Carla Contreras' });
  });
  afterAll(() => t.close());

  const read = async (who: TestUser): Promise<Account> => {
    const res = await request(t.baseUrl, 'GET', PATH, { cookie: who.cookie });
    expect(res.status).toBe(200);
    return accountSchema.parse(res.body);
  };
  const save = (who: TestUser | null, json: Record<string, unknown>) =>
    request(t.baseUrl, 'PUT', PATH, { json, cookie: who?.cookie });
  const me = async (who: TestUser) =>
    meReplySchema.parse((await request(t.baseUrl, 'GET', '/api/authorization/me', who)).body).user;
  const message = (res: { body: unknown }) => (res.body as { message?: string }).message;

  it('answers 401 to a logged-out caller, before looking at the body', async () => {
    expect((await request(t.baseUrl, 'GET', PATH)).status).toBe(401);
    const res = await save(null, { nonsense: true });
    expect(res.status).toBe(401);
    expect(message(res)).toBe('Please log in to continue.');
  });

  it("changes the caller's own name, company and phone, and moves the version on", async () => {
    const before = await read(carla);
    expect(before.user).toMatchObject({ email: 'carla@example.com', name: 'Carla Contreras' });
    const res = await save(carla, {
      version: before.version,
      name: '  Carla Reyes ',
      companyName: 'Reyes Remodeling',
      phoneNumber: '(555) 010-0142',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = accountSchema.parse(res.body);
    expect(after.version).toBe(before.version + 1);
    expect(after.user).toMatchObject({
      email: 'carla@example.com',
      name: 'Carla Reyes',
      companyName: 'Reyes Remodeling',
      phoneNumber: '(555) 010-0142',
    });
    // What the send form's signature and the create wizard's prefill read (GET /me).
    expect(await me(carla)).toMatchObject(after.user);
  });

  it('refuses bad fields with a message per field, and changes nothing', async () => {
    const before = await read(carla);
    const { version } = before;
    const cases: [Record<string, unknown>, string][] = [
      [{ version, name: '   ' }, 'Please enter your name.'],
      [{ version, name: 'C', phoneNumber: '5'.repeat(41) }, 'At most 40 characters.'],
      [{ version, name: 'x'.repeat(121) }, 'At most 120 characters.'],
      [{ version, name: 'C', companyName: 'c'.repeat(161) }, 'At most 160 characters.'],
      [{ version, name: 'C', email: 'new@example.com' }, 'Unrecognized key: "email"'],
      [{ version, name: 'C', _id: 'someone-else' }, 'Unrecognized key: "_id"'],
      [{ name: 'C' }, 'The version of the account is missing.'],
      // Past the integer column: no version at all, so a malformed request, not a stale one.
      [{ version: 2 ** 31, name: 'C' }, 'Unknown version.'],
      [{ version, name: 'C', companyLogoId: 'x' }, 'This logo is no longer available.'],
    ];
    for (const [json, words] of cases) {
      const res = await save(carla, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(message(res)).toContain(words);
    }
    expect(await read(carla)).toEqual(before);
  });

  it('refuses a change made from a version another tab has already changed (409)', async () => {
    const { version } = await read(carla);
    const first = await save(carla, { version, name: 'Carla from tab one' });
    expect(first.status).toBe(200);
    const second = await save(carla, { version, name: 'Carla from tab two' });
    expect(second.status).toBe(409);
    expect(second.body).toMatchObject({ code: 'account_changed', message: ACCOUNT_CHANGED });
    expect((await read(carla)).user.name).toBe('Carla from tab one');
  });

  it("changes only the caller's account", async () => {
    const bo = await signedInUser(t, 'bo@example.com', 'contractor', { name: 'Bo Builder' });
    const { version } = await read(bo);
    expect((await save(bo, { version, name: 'Bo B.' })).status).toBe(200);
    expect((await me(bo))?.name).toBe('Bo B.');
    expect((await me(carla))?.name).not.toBe('Bo B.');
  });

  it("takes a logo the caller uploaded, not another's file; covers already written keep theirs", async () => {
    const up = async (who: TestUser) => {
      const res = await upload(t, 'companyLogo', await png(), 'logo.png', who);
      expect(res.status).toBe(200);
      return (res.body as { id: string }).id;
    };
    const first = await up(carla);
    let { version } = await read(carla);
    let res = await save(carla, { version, name: 'Carla Reyes', companyLogoId: first });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const withLogo = accountSchema.parse(res.body);
    expect(withLogo.user.companyLogo).toBe(`/api/files/${first}`);
    // As a file, for the create wizard to put on a new cover: the upload's name, type and size.
    expect(withLogo.companyLogoFile).toEqual({
      id: first,
      url: `/api/files/${first}`,
      originalName: 'logo.png',
      contentType: 'image/png',
      size: withLogo.companyLogoFile?.size,
    });
    expect(withLogo.companyLogoFile?.size).toBeGreaterThan(0);
    expect((await read(carla)).companyLogoFile).toEqual(withLogo.companyLogoFile);

    // A proposal shows the account's logo on its cover (borrowed, decision 0005).
    const id = await createProposal(t, carla, proposalInput({ companyLogoId: first }));

    // Someone else's upload is not the caller's to take.
    const bo = await signedInUser(t, 'bo.logo@example.com', 'contractor', { name: 'Bo' });
    ({ version } = await read(carla));
    res = await save(carla, { version, name: 'Carla Reyes', companyLogoId: await up(bo) });
    expect(res.status).toBe(400);
    expect(message(res)).toBe(
      'This logo is no longer available. Please choose the image again and save.',
    );

    // A new logo: the written proposal's cover keeps the old one, still readable by anyone.
    const second = await up(carla);
    res = await save(carla, { version, name: 'Carla Reyes', companyLogoId: second });
    expect(res.status).toBe(200);
    const proposal = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, carla)).body,
    );
    expect(proposal.companyLogo?.id).toBe(first);
    expect((await request(t.baseUrl, 'GET', `/api/files/${first}`)).status).toBe(200);
    expect((await request(t.baseUrl, 'GET', `/api/files/${second}`)).status).toBe(200);

    // A draft begun before the change still names the old logo (decision 0098): the new proposal
    // borrows it too, so the first cover keeps it and deleting the new one takes nothing away.
    const later = await createProposal(t, carla, proposalInput({ companyLogoId: first }));
    const logoOf = async (proposalId: string) =>
      proposalSchema.parse(
        (await request(t.baseUrl, 'GET', `/api/proposal/${proposalId}`, carla)).body,
      ).companyLogo?.id;
    expect(await logoOf(later)).toBe(first);
    const held = await t.app.ctx.db
      .selectFrom('files')
      .select('proposal_id')
      .where('id', '=', first)
      .executeTakeFirstOrThrow();
    expect(held.proposal_id).toBeNull();
    const removedLater = await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id: later },
      cookie: carla.cookie,
    });
    expect(removedLater.status).toBe(200);
    expect(await logoOf(id)).toBe(first);
    expect((await request(t.baseUrl, 'GET', `/api/files/${first}`)).status).toBe(200);

    // Left out keeps it; null removes it from the account (not from the proposal).
    ({ version } = await read(carla));
    res = await save(carla, { version, name: 'Carla Reyes' });
    expect(accountSchema.parse(res.body).user.companyLogo).toBe(`/api/files/${second}`);
    res = await save(carla, { version: version + 1, name: 'Carla Reyes', companyLogoId: null });
    expect(accountSchema.parse(res.body).user.companyLogo).toBeNull();
    expect((await read(carla)).companyLogoFile).toBeNull();

    // Once the only proposal that shows the old logo is deleted, nobody reads it (review 28 F6).
    const deleted = await request(t.baseUrl, 'POST', '/api/proposal/delete', {
      json: { id },
      cookie: carla.cookie,
    });
    expect(deleted.status).toBe(200);
    expect((await request(t.baseUrl, 'GET', `/api/files/${first}`)).status).toBe(404);
  });

  it('the next e-mail is from the new name; a written cover keeps its company and phone', async () => {
    const dana = await signedInUser(t, 'dana@example.com', 'contractor', { name: 'Dana Doe' });
    const id = await createProposal(
      t,
      dana,
      proposalInput({ companyName: 'Doe Homes', phoneNumber: '555-0001', projectName: 'Deck' }),
    );
    const { version } = await read(dana);
    const res = await save(dana, {
      version,
      name: 'Dana Delgado',
      companyName: 'Delgado Decks',
      phoneNumber: '555-0002',
    });
    expect(res.status).toBe(200);

    const since = Date.now();
    expect((await sendProposal(t, dana, { proposalId: id, to: 'sam@example.com' })).status).toBe(
      200,
    );
    const mail = await t.mailbox.waitFor('sam@example.com', { since });
    expect(mail.fromName).toBe('Dana Delgado via Plansmith');
    expect(mail.text).toContain('Sent by Dana Delgado, Doe Homes\nPhone: 555-0001');
    const cover = proposalSchema.parse(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, dana)).body,
    );
    expect(cover).toMatchObject({ companyName: 'Doe Homes', phoneNumber: '555-0001' });
  });

  it('a homeowner names themselves: shown as an invitee, not over the name a proposal gave them', async () => {
    const owner = await signedInUser(t, 'owner@example.com', 'contractor', { name: 'Olga Owner' });
    const hers = await createProposal(t, owner, proposalInput({ projectName: 'Bath' }));
    const hana = await homeownerOf(t, owner, hers, 'hana@example.com', 'Hana Ng');
    const other = await createProposal(t, owner, proposalInput({ projectName: 'Porch' }));
    await inviteeOf(t, owner, other, 'hana@example.com');

    const { version, user } = await read(hana);
    expect(user).toMatchObject({ role: 'homeowner', name: '' });
    // A homeowner has no company.
    const refused = await save(hana, { version, name: 'Hana', companyName: 'Hana Inc' });
    expect(refused.status).toBe(400);
    expect(message(refused)).toBe('Only a contractor account has a company name and logo.');
    const res = await save(hana, { version, name: 'Hana Nakamura', phoneNumber: '555-0303' });
    expect(res.status).toBe(200);
    expect(accountSchema.parse(res.body).user).toMatchObject({
      name: 'Hana Nakamura',
      phoneNumber: '555-0303',
      companyName: '',
    });

    const members = async (id: string) =>
      membersReplySchema
        .parse((await request(t.baseUrl, 'GET', `/api/proposal/${id}/members`, owner)).body)
        .map((m) => m.name);
    // Where she is the homeowner, the sender's name for her stays (decision 0087) …
    expect(await members(hers)).toEqual(['Hana Ng']);
    const homeowner = await request(t.baseUrl, 'GET', `/api/proposal/homeowner/${hers}`, owner);
    expect(homeowner.body).toMatchObject({ name: 'Hana Ng' });
    // … where she is invited, her own name shows.
    expect(await members(other)).toEqual(['Hana Nakamura']);
  });

  it('a homeowner may leave their name empty; a contractor may not', async () => {
    const owner = await signedInUser(t, 'o2@example.com', 'contractor', { name: 'O' });
    const id = await createProposal(t, owner, proposalInput());
    const ivy = await homeownerOf(t, owner, id, 'ivy@example.com', 'Ivy');
    const { version } = await read(ivy);
    const res = await save(ivy, { version, name: '', phoneNumber: '555-0404' });
    expect(res.status).toBe(200);
    expect(accountSchema.parse(res.body).user).toMatchObject({ name: '', phoneNumber: '555-0404' });
  });
});

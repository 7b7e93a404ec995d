import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../../src/server/db/migrations';
import { proposalListSchema, proposalSchema } from '../../src/shared/schemas/proposal';
import { commentSchema, selectionsPageSchema } from '../../src/shared/schemas/selections';
import { membersReplySchema } from '../../src/shared/schemas/sending';
import { openMailedLink, sendProposal, signAs } from './support/signing';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/*
 * Decision 0087 (review 27 F2): a homeowner is named per proposal, by that proposal's sender.
 * A stranger contractor who e-mailed the address first cannot name the homeowner on another
 * contractor's proposal: not in its members, its homeowner, the dashboard, the activity, the
 * signature, the signing log or the e-mail that tells the owner it was signed.
 */
describe('a homeowner is named per proposal', () => {
  let t: TestApp;
  let stranger: TestUser;
  let owner: TestUser;
  const nina = 'nina@home.test';

  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000 } });
    stranger = await signedInUser(t, 'sam@stranger.test');
    owner = await signedInUser(t, 'alex@builder.test');
  });
  afterAll(() => t.close());

  const get = (path: string, who: { cookie?: string; jar?: TestUser['jar'] }) =>
    request(t.baseUrl, 'GET', path, { cookie: who.cookie, jar: who.jar });
  const membersOf = async (id: string, who: { cookie?: string; jar?: TestUser['jar'] }) => {
    const res = await get(`/api/proposal/${id}/members`, who);
    expect(res.status).toBe(200);
    return membersReplySchema.parse(res.body).map((m) => [m.name, m.email, m.role]);
  };
  const homeownerLookup = async (id: string, who: { cookie?: string }) => {
    const res = await get(`/api/proposal/homeowner/${id}`, who);
    expect(res.status).toBe(200);
    return res.body;
  };
  async function send(who: TestUser, id: string, to: string, homeownersName: string) {
    const res = await sendProposal(t, who, { proposalId: id, to, homeownersName });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  }

  let strangers: string;
  let owners: string;
  let home: { cookie: string; jar: TestUser['jar'] };

  it('the name a stranger typed first stays on the stranger’s proposal', async () => {
    strangers = await createProposal(t, stranger, proposalInput({ projectName: 'S bath' }));
    await send(stranger, strangers, nina, 'Mallory Forged');
    owners = await createProposal(t, owner, proposalInput({ projectName: 'A2 bath' }));
    const since = Date.now();
    await send(owner, owners, nina, 'Nina Real');
    const { res, jar } = await openMailedLink(t, nina, since);
    expect(res.status).toBe(200);
    home = { cookie: jar.header() ?? '', jar };

    expect(await membersOf(owners, owner)).toEqual([['Nina Real', nina, 'homeowner']]);
    expect(await homeownerLookup(owners, owner)).toEqual({ name: 'Nina Real', email: nina });
    expect(await membersOf(strangers, stranger)).toEqual([['Mallory Forged', nina, 'homeowner']]);
    expect(await homeownerLookup(strangers, stranger)).toEqual({
      name: 'Mallory Forged',
      email: nina,
    });
    // Nina herself reads each proposal with its own sender's name for her, never the other's.
    expect(await membersOf(owners, home)).toEqual([['Nina Real', nina, 'homeowner']]);
    expect(await membersOf(strangers, home)).toEqual([['Mallory Forged', nina, 'homeowner']]);
    // No contractor names the account itself: it is not theirs to name.
    const account = await t.app.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', nina)
      .executeTakeFirstOrThrow();
    expect(account.name).toBe('');
  });

  it('the owner’s dashboard waits for the name the owner typed', async () => {
    const res = await get('/api/proposal/', owner);
    const item = proposalListSchema.parse(res.body).items.find((i) => i._id === owners);
    expect(item?.waiting.pending[0]).toMatchObject({ role: 'homeowner', name: 'Nina Real' });
  });

  it('a resend corrects the name while unsigned', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Porch' }));
    await send(owner, id, nina, 'Nina Typo');
    expect(await homeownerLookup(id, owner)).toEqual({ name: 'Nina Typo', email: nina });
    await send(owner, id, nina, 'Nina Fixed');
    expect(await membersOf(id, owner)).toEqual([['Nina Fixed', nina, 'homeowner']]);
    expect(await homeownerLookup(id, owner)).toEqual({ name: 'Nina Fixed', email: nina });
    // The other proposals keep theirs.
    expect(await homeownerLookup(owners, owner)).toEqual({ name: 'Nina Real', email: nina });
  });

  it('signs, logs and e-mails under the name the owner typed, and then it is frozen', async () => {
    const since = Date.now();
    expect((await signAs(t, home, owners, 'homeowner')).status).toBe(200);
    const notice = await t.mailbox.waitFor(owner.email, { since, subject: /signed your proposal/ });
    expect(notice.subject).toBe('Nina Real signed your proposal for A2 bath');
    const signature = await t.app.ctx.db
      .selectFrom('signatures')
      .select(['name', 'email'])
      .where('proposal_id', '=', owners)
      .executeTakeFirstOrThrow();
    expect(signature).toEqual({ name: 'Nina Real', email: nina });
    const log = await request(t.baseUrl, 'POST', '/api/proposal/log', {
      json: { proposalId: owners },
      cookie: owner.cookie,
    });
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ homeowner: { name: 'Nina Real', email: nina } });

    // The owner's activity names the signer as this proposal does.
    const proposal = proposalSchema.parse((await get(`/api/proposal/${owners}`, owner)).body);
    const signed = (proposal.activity ?? []).filter((e) => e.kind === 'signed');
    expect(signed.map((e) => [e.role, e.by])).toEqual([['homeowner', 'Nina Real']]);

    // Signed: a send to correct the name is refused, and the record keeps it.
    const resend = await sendProposal(t, owner, {
      proposalId: owners,
      to: nina,
      homeownersName: 'Someone Else',
    });
    expect(resend.status).toBe(409);
    expect(await homeownerLookup(owners, owner)).toEqual({ name: 'Nina Real', email: nina });
  });

  it('her comments carry the name of the proposal they are on', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        projectName: 'Kitchen',
        costGroups: [{ name: 'Kitchen', values: [{ name: 'Faucet', selection: true }] }],
      }),
    );
    await send(owner, id, nina, 'Nina K.');
    const proposal = proposalSchema.parse((await get(`/api/proposal/${id}`, owner)).body);
    const itemId = proposal.costGroups[0]!.values[0]!.id;
    const posted = await request(
      t.baseUrl,
      'POST',
      `/api/proposal/${id}/items/${itemId}/comments`,
      {
        json: { content: 'Brushed brass?' },
        cookie: home.cookie,
        jar: home.jar,
      },
    );
    expect(posted.status).toBe(201);
    expect(commentSchema.parse(posted.body).authorName).toBe('Nina K.');
    const page = selectionsPageSchema.parse(
      (await get(`/api/proposal/${id}/selections`, owner)).body,
    );
    expect(page.groups[0]!.items[0]!.comments.map((c) => c.authorName)).toEqual(['Nina K.']);
  });

  it('an invitee keeps their account’s name, and takes the send’s name once sent it', async () => {
    const designer = await signedInUser(t, 'dee@design.test');
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Studio' }));
    const dee = await t.app.ctx.db
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', designer.email)
      .executeTakeFirstOrThrow();
    await addMember(t, id, dee.id, 'invitee');
    expect(await membersOf(id, owner)).toEqual([[dee.name, designer.email, 'invitee']]);

    const guest = 'gail@guest.test';
    const invited = await request(t.baseUrl, 'POST', `/api/proposal/${id}/invite`, {
      json: { inviteeEmail: guest },
      cookie: owner.cookie,
    });
    expect(invited.status).toBe(200);
    await send(owner, id, guest, 'Gail Guest');
    expect(await membersOf(id, owner)).toEqual([
      ['Gail Guest', guest, 'homeowner'],
      [dee.name, designer.email, 'invitee'],
    ]);
  });

  it('proposals sent before keep the name they showed (migration 0092)', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Before' }));
    await send(owner, id, 'olga@home.test', 'Olga Before');
    const migrator = new Migrator({ db: t.app.ctx.db, provider: migrationProvider });
    const down = await migrator.migrateTo('2026-11-30-0082-drop-app-secrets');
    expect(down.error).toBeUndefined();
    // Down: the account a send left nameless is named as the version before would have named it.
    const olga = await t.app.ctx.db
      .selectFrom('users')
      .select('name')
      .where('email', '=', 'olga@home.test')
      .executeTakeFirstOrThrow();
    expect(olga.name).toBe('Olga Before');
    // Up (the same as a first migration): each homeowner membership takes its account's name.
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await homeownerLookup(id, owner)).toEqual({
      name: 'Olga Before',
      email: 'olga@home.test',
    });
  });
});

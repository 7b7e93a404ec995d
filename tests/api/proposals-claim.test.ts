import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { proposalListSchema } from '../../src/shared/schemas/proposal';
import { sql } from 'kysely';
import { lockProposal } from '../../src/server/members/repository';
import { claimProposal } from '../../src/server/proposals/claim';
import { supersedeClaimLinks } from '../../src/server/proposals/claim-repository';
import { runProposalHousekeeping } from '../../src/server/proposals/housekeeping';
import {
  listPurgeableProposalIds,
  purgeProposals,
} from '../../src/server/proposals/housekeeping-repository';
import { type CookieJar } from './support/http';
import { cookieJar, request, startTestApp, type TestApp } from './support/test-app';
import {
  createProposal,
  proposalInput,
  signedInUser,
  tokenFromMail,
  type TestUser,
  ownerOf,
} from './support/users';

const DAY = 24 * 60 * 60 * 1000;

/** docs/product/sending.md /proposal/signup/{id} and Create flow: creating logged out, claiming, sendCreated. */
describe('proposals created logged out', () => {
  let t: TestApp;
  let clock = Date.now();
  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
  });
  afterAll(() => t.close());

  it('is claimed by signing up from the same browser, through the real e-mail', async () => {
    const browser = cookieJar();
    const created = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ projectName: 'Logged-out kitchen' }),
      jar: browser,
    });
    expect(created.status).toBe(201);
    const id = created.body;
    const claimCookie = created.cookies.find((c) => c.name === 'plansmith_claim');
    expect(claimCookie).toMatchObject({ httpOnly: true, path: '/api/' });
    const stored = await t.app.ctx.db
      .selectFrom('proposals')
      .select(['owner_id', 'claim_token_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.owner_id).toBeNull();
    expect(stored.claim_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(stored.claim_token_hash).not.toContain(claimCookie!.value);

    const since = Date.now();
    const signup = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'fresh@example.com', name: 'Fresh Pro', proposalId: id },
      jar: browser,
    });
    expect(signup.status).toBe(200);
    const mail = await t.mailbox.waitFor('fresh@example.com', { since });
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar: browser,
    });
    expect(verified.status).toBe(200);

    const list = await request(t.baseUrl, 'GET', '/api/proposal/', { jar: browser });
    const items = proposalListSchema.parse(list.body).items;
    expect(items.map((i) => [i._id, i.projectName, i.access.role])).toEqual([
      [id, 'Logged-out kitchen', 'owner'],
    ]);
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { jar: browser });
    expect(read.status).toBe(200);
    const claimed = await t.app.ctx.db
      .selectFrom('proposals')
      .select(['owner_id', 'claim_token_hash'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(claimed.claim_token_hash).toBeNull();
  });

  it("a homeowner's account signing up as a contractor is told of the proposal it will claim", async () => {
    await signedInUser(t, 'turning.pro@example.com', 'homeowner');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser }, proposalInput({ projectName: 'Own bid' }));
    const since = Date.now();
    const signup = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'turning.pro@example.com', name: 'Tess Pro', proposalId: id },
      jar: browser,
    });
    expect(signup.status, JSON.stringify(signup.body)).toBe(200);
    const mail = await t.mailbox.waitFor('turning.pro@example.com', { since });
    // Decision 0093's e-mail, which says what the link changes: the account and this proposal.
    expect(mail.subject).toBe('Make your Plansmith account a contractor account?');
    expect(mail.text).toContain('contractor account named Tess Pro.');
    expect(mail.text).toContain(
      'A proposal is waiting for you: Own bid. Open the link to add it to your account.',
    );
    const verified = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar: browser,
    });
    expect(verified.status).toBe(200);
    const list = await request(t.baseUrl, 'GET', '/api/proposal/', { jar: browser });
    expect(proposalListSchema.parse(list.body).items.map((i) => [i._id, i.access.role])).toEqual([
      [id, 'owner'],
    ]);
  });

  it('is claimed by logging in from the same browser too', async () => {
    const existing = await signedInUser(t, 'existing@example.com');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: existing.email, proposalId: id },
      jar: browser,
    });
    const mail = await t.mailbox.waitFor(existing.email, { since });
    await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar: browser,
    });
    expect(await ownerOf(t, id)).toBe(existing.id);
  });

  it('cannot be claimed from another browser that only knows the id', async () => {
    const creator = cookieJar();
    const id = await createProposal(t, { jar: creator });
    const attacker = cookieJar();
    const since = Date.now();
    const signup = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'thief@example.com', name: 'Thief', proposalId: id },
      jar: attacker,
    });
    expect(signup.status).toBe(200);
    const mail = await t.mailbox.waitFor('thief@example.com', { since });
    await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar: attacker,
    });
    expect(await ownerOf(t, id)).toBeNull();
    const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { jar: attacker });
    expect(read.status).toBe(404);
  });

  it('a refused create does not replace the claim this browser holds', async () => {
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const before = browser.get('plansmith_claim');
    const bad = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ costGroups: [{ name: 'X', values: [{ name: 'Y', rawCost: '1/0' }] }] }),
      jar: browser,
    });
    expect(bad.status).toBe(400);
    expect(browser.get('plansmith_claim')).toBe(before);
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'kept.claim@example.com', name: 'Kept', proposalId: id },
      jar: browser,
    });
    const mail = await t.mailbox.waitFor('kept.claim@example.com', { since });
    await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
      json: { token: tokenFromMail(mail.text) },
      jar: browser,
    });
    expect(await ownerOf(t, id)).not.toBeNull();
  });

  it('an unclaimed proposal is purged once its claim has expired (7 days)', async () => {
    const id = await createProposal(t, { jar: cookieJar() });
    await runProposalHousekeeping(t.app.ctx);
    expect(await ownerOf(t, id)).toBeNull(); // still there
    clock += 8 * DAY;
    try {
      await runProposalHousekeeping(t.app.ctx);
    } finally {
      clock -= 8 * DAY;
    }
    const gone = await t.app.ctx.db
      .selectFrom('proposals')
      .select('id')
      .where('id', '=', id)
      .execute();
    expect(gone).toEqual([]);
  });

  it('a proposal claimed between the purge listing it and deleting it stays with its owner', async () => {
    const user = await signedInUser(t, 'late.claim@example.com');
    const creator = cookieJar();
    const id = await createProposal(t, { jar: creator });
    // The link is asked for just before the 7 days end and opened on a phone just after.
    clock += 7 * DAY - 60_000;
    try {
      const since = Date.now();
      await request(t.baseUrl, 'POST', '/api/authorization/signin', {
        json: { email: user.email, proposalId: id },
        jar: creator,
      });
      const mail = await t.mailbox.waitFor(user.email, { since });
      clock += 5 * 60_000;
      const phone = cookieJar();
      await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
        json: { token: tokenFromMail(mail.text) },
        jar: phone,
      });
      // The housekeeping's two steps, with 'Add to my account' committed between them.
      const cutoffs = { deletedBefore: clock - 30 * DAY, unclaimedBefore: clock - 7 * DAY };
      const listed = await listPurgeableProposalIds(t.app.ctx.db, cutoffs, 200);
      expect(listed).toContain(id);
      const claimed = await request(t.baseUrl, 'POST', '/api/authorization/claim', {
        json: { proposalId: id },
        jar: phone,
      });
      expect(claimed.status).toBe(200);
      await t.app.ctx.db
        .transaction()
        .execute((trx) => purgeProposals(trx, t.app.ctx.dialect, listed, cutoffs));
      const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { jar: phone });
      expect(read.status).toBe(200);
      expect(await ownerOf(t, id)).toBe(user.id);
    } finally {
      clock -= 7 * DAY + 4 * 60_000;
    }
  });
});

/**
 * Issue 10: planting a proposal in someone else's account. The creator's browser names the
 * victim's address; the victim's link signs them in but adds nothing without their consent.
 */
describe('a proposal is claimed only by the address its creator named, with consent', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
  });
  afterAll(() => t.close());

  const verifyIn = (jar: ReturnType<typeof cookieJar>, text: string) =>
    request<{ redirect: string; pendingClaim: { proposalId: string; projectName: string } | null }>(
      t.baseUrl,
      'POST',
      '/api/authorization/verify/',
      { json: { token: tokenFromMail(text) }, jar },
    );

  it('the attack fails: the victim is signed in, told, and the proposal is not theirs', async () => {
    const victim = await signedInUser(t, 'victim@example.com');
    const attacker = cookieJar();
    const id = await createProposal(
      t,
      { jar: attacker },
      proposalInput({ projectName: 'Planted Shed' }),
    );
    const since = Date.now();
    const asked = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: victim.email, proposalId: id },
      jar: attacker,
    });
    expect(asked.status).toBe(200);
    const mail = await t.mailbox.waitFor(victim.email, { since });
    expect(mail.subject).toBe('A proposal is waiting for you on Plansmith');
    expect(mail.text).toContain('A proposal is waiting for you: Planted Shed.');

    // The victim opens the link in their own browser (no claim cookie there).
    const victimBrowser = cookieJar();
    const verified = await verifyIn(victimBrowser, mail.text);
    expect(verified.status).toBe(200);
    expect(verified.body.pendingClaim).toEqual({ proposalId: id, projectName: 'Planted Shed' });
    expect(verified.body.redirect).toBe('/dashboard/');
    expect(await ownerOf(t, id)).toBeNull();
    const list = await request(t.baseUrl, 'GET', '/api/proposal/', { jar: victimBrowser });
    expect(proposalListSchema.parse(list.body).items.map((i) => i._id)).not.toContain(id);
    expect(
      (await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { jar: victimBrowser })).status,
    ).toBe(404);

    // Another, ordinary sign-in of the victim claims nothing either.
    const since2 = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: victim.email },
    });
    const ordinary = await t.mailbox.waitFor(victim.email, { since: since2 });
    expect(ordinary.subject).toBe('Your Plansmith login link');
    expect((await verifyIn(cookieJar(), ordinary.text)).body.pendingClaim).toBeNull();
    expect(await ownerOf(t, id)).toBeNull();

    // The attacker, signed in as themselves, cannot take it through the claim route.
    const thief = await signedInUser(t, 'claim.thief@example.com');
    const stolen = await request(t.baseUrl, 'POST', '/api/authorization/claim', {
      json: { proposalId: id },
      cookie: thief.cookie,
    });
    expect(stolen.status).toBe(404);
    expect(await ownerOf(t, id)).toBeNull();

    // Only the victim's explicit 'Add to my account' after that link adds it.
    const added = await request<{ redirect: string }>(
      t.baseUrl,
      'POST',
      '/api/authorization/claim',
      { json: { proposalId: id }, jar: victimBrowser },
    );
    expect(added.status).toBe(200);
    expect(added.body.redirect).toBe(`/proposal/${id}/`);
    expect(await ownerOf(t, id)).toBe(victim.id);
  });

  it('a claim link opened in the creating browser claims at once', async () => {
    const creator = await signedInUser(t, 'same.browser@example.com');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: creator.email, proposalId: id },
      jar: browser,
    });
    const mail = await t.mailbox.waitFor(creator.email, { since });
    const verified = await verifyIn(browser, mail.text);
    expect(verified.body.pendingClaim).toBeNull();
    expect(await ownerOf(t, id)).toBe(creator.id);
  });

  /** The creating browser names `who` for the proposal: the text of the e-mail sent to them. */
  async function named(browser: CookieJar, id: string, who: { email: string }): Promise<string> {
    const since = Date.now();
    await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: who.email, proposalId: id },
      jar: browser,
    });
    return (await t.mailbox.waitFor(who.email, { since })).text;
  }

  it('only the newest address named for a proposal can claim it', async () => {
    const first = await signedInUser(t, 'first.named@example.com');
    const second = await signedInUser(t, 'second.named@example.com');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const firstMail = await named(browser, id, first);
    await named(browser, id, second);
    const firstBrowser = cookieJar();
    expect((await verifyIn(firstBrowser, firstMail)).body.pendingClaim).toBeNull();
    const refused = await request(t.baseUrl, 'POST', '/api/authorization/claim', {
      json: { proposalId: id },
      jar: firstBrowser,
    });
    expect(refused.status).toBe(404);
    expect(await ownerOf(t, id)).toBeNull();
  });

  it('a link superseded between its check and the claim claims nothing', async () => {
    const first = await signedInUser(t, 'first.checked@example.com');
    const second = await signedInUser(t, 'second.checked@example.com');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const firstMail = await named(browser, id, first);
    // Opened elsewhere: it names the proposal, and 'Add to my account' is offered.
    expect((await verifyIn(cookieJar(), firstMail)).body.pendingClaim).not.toBeNull();
    // The creating browser names another address before the claim lands.
    await named(browser, id, second);
    expect(await claimProposal(t.app.ctx, id, first.id)).toBe(false);
    expect(await ownerOf(t, id)).toBeNull();
  });

  it('a claim waiting on a newer link being asked for claims nothing once it is', async () => {
    const first = await signedInUser(t, 'first.waiting@example.com');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const firstMail = await named(browser, id, first);
    expect((await verifyIn(cookieJar(), firstMail)).body.pendingClaim).not.toBeNull();
    const { db, dialect } = t.app.ctx;
    // A newer link being asked for: its transaction holds the proposal and has cleared the
    // older links' names, not yet committed.
    let commit!: () => void;
    const committing = new Promise<void>((resolve) => (commit = resolve));
    let superseded!: () => void;
    const held = new Promise<void>((resolve) => (superseded = resolve));
    const newer = db.transaction().execute(async (trx) => {
      await lockProposal(trx, dialect, id);
      await supersedeClaimLinks(trx, id);
      superseded();
      await committing;
    });
    await held;
    const claim = claimProposal(t.app.ctx, id, first.id);
    // On PostgreSQL, the claim is waiting for the proposal's row before the newer link commits.
    if (dialect === 'postgres')
      await expect
        .poll(
          async () =>
            (
              await sql<{
                n: number;
              }>`select count(*)::int as n from pg_locks where not granted`.execute(db)
            ).rows[0]!.n,
          { timeout: 15_000 },
        )
        .toBeGreaterThan(0);
    commit();
    await newer;
    expect(await claim).toBe(false);
    expect(await ownerOf(t, id)).toBeNull();
  });

  it('two addresses named at the same moment: only one link claims', async () => {
    const a = await signedInUser(t, 'same.moment.a@example.com');
    const b = await signedInUser(t, 'same.moment.b@example.com');
    for (let round = 0; round < 5; round++) {
      const browser = cookieJar();
      const id = await createProposal(t, { jar: browser });
      const since = Date.now();
      const named = await Promise.all(
        [a, b].map((who) =>
          request(t.baseUrl, 'POST', '/api/authorization/signin', {
            json: { email: who.email, proposalId: id },
            jar: browser,
          }),
        ),
      );
      expect(named.map((r) => r.status)).toEqual([200, 200]);
      const mails = await Promise.all([a, b].map((who) => t.mailbox.waitFor(who.email, { since })));
      const offered = await Promise.all(
        mails.map(async (mail) => (await verifyIn(cookieJar(), mail.text)).body.pendingClaim),
      );
      // Decision 0010: the newest link alone offers the proposal.
      expect(offered.filter((claim) => claim !== null)).toHaveLength(1);
    }
  });

  it('a homeowner address cannot be named as the owner; the claim route needs a session', async () => {
    const homeowner = await signedInUser(t, 'named.homeowner@example.com', 'homeowner');
    const browser = cookieJar();
    const id = await createProposal(t, { jar: browser });
    const res = await request<{ message: string }>(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email: homeowner.email, proposalId: id },
      jar: browser,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/contractor account/);
    const anonymous = await request(t.baseUrl, 'POST', '/api/authorization/claim', {
      json: { proposalId: id },
    });
    expect(anonymous.status).toBe(401);
  });

  it('a signed-in homeowner creates an unowned proposal to hand to a contractor', async () => {
    const homeowner = await signedInUser(t, 'bid.seeker@example.com', 'homeowner');
    const created = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ projectName: 'Second bid' }),
      jar: homeowner.jar,
    });
    expect(created.status).toBe(201);
    const id = created.body;
    expect(await ownerOf(t, id)).toBeNull();
    expect(homeowner.jar.get('plansmith_claim')).toBeTruthy();
    const since = Date.now();
    const signup = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email: 'bidder@example.com', name: 'Bea Bidder', proposalId: id },
      jar: homeowner.jar,
    });
    expect(signup.status).toBe(200);
    const mail = await t.mailbox.waitFor('bidder@example.com', { since });
    expect(mail.text).toContain('A proposal is waiting for you: Second bid.');
    // The contractor learns who asked, to send the proposal back to them.
    expect(mail.text).toContain('Hana Homeowner (bid.seeker@example.com) sent it to you');
    const contractor = cookieJar();
    const verified = await verifyIn(contractor, mail.text);
    expect(verified.body.pendingClaim?.proposalId).toBe(id);
    const added = await request(t.baseUrl, 'POST', '/api/authorization/claim', {
      json: { proposalId: id },
      jar: contractor,
    });
    expect(added.status).toBe(200);
    const read = await request<{ access: { role: string } }>(
      t.baseUrl,
      'GET',
      `/api/proposal/${id}`,
      { jar: contractor },
    );
    expect(read.body.access.role).toBe('owner');
  });
});

describe('sendCreated: the new proposal e-mailed to its creator (§4 Create flow)', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await startTestApp({ limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 } });
    owner = await signedInUser(t, 'maker@example.com', 'contractor', { name: 'Mara Maker' });
  });
  afterAll(() => t.close());

  it('sends a message with a button to the proposal, to the caller’s own address', async () => {
    const id = await createProposal(t, owner, proposalInput({ projectName: 'Deck & Porch' }));
    const since = Date.now();
    const res = await request(t.baseUrl, 'POST', '/api/proposal/sendCreated', {
      json: { proposalId: id, to: ' Maker@Example.com ' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    const mail = await t.mailbox.waitFor('maker@example.com', { since });
    expect(mail.subject).toBe('Your proposal for Deck & Porch is ready');
    const link = `${t.appUrl}/proposal/${id}/`;
    expect(mail.text).toContain(link);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain('View Proposal');
    expect(mail.text).toContain('Hi Mara Maker');
  });

  it('refuses any other address: we are not a mail relay', async () => {
    const id = await createProposal(t, owner);
    const before = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const res = await request(t.baseUrl, 'POST', '/api/proposal/sendCreated', {
      json: { proposalId: id, to: 'victim@example.com' },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toMatch(/your own address/);
    const after = await t.app.ctx.db
      .selectFrom('mail_outbox')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });
});

/**
 * Signed-in users for API tests, made through the real API and the real e-mail: a contractor
 * signs up, a homeowner (who cannot sign up, docs/product/auth.md) is created in the database and signs in. Either
 * way the cookie comes from POST /api/authorization/verify/ with the e-mailed token.
 */
import { randomUUID } from 'node:crypto';
import { newUserRow } from '../../../src/server/auth/repository';
import type { Proposal, ProposalInput } from '../../../src/shared/schemas/proposal';
import { cookieJar, request, type CookieJar } from './http';
import type { TestApp } from './test-app';

/**
 * An account as the opened link of a sign-up makes it (decision 0078), for tests about what
 * follows an account's making rather than the e-mail that makes it.
 */
export async function accountFor(
  t: TestApp,
  email: string,
  role: 'contractor' | 'homeowner' = 'contractor',
): Promise<void> {
  await t.app.ctx.db
    .insertInto('users')
    .values(newUserRow({ email, name: email.split('@')[0]!, role, createdAt: Date.now() }))
    .execute();
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  role: 'contractor' | 'homeowner';
  /** A Cookie header holding the session. */
  cookie: string;
  jar: CookieJar;
}

export function tokenFromMail(text: string): string {
  const token = /\/signin\/([A-Za-z0-9_-]{20,})/.exec(text)?.[1];
  if (!token) throw new Error(`No login link in:\n${text}`);
  return token;
}

/** Verifies the newest link mailed to `email` since `since`, into the jar. */
export async function verifyMailedLink(
  t: TestApp,
  email: string,
  since: number,
  jar: CookieJar,
): Promise<void> {
  const mail = await t.mailbox.waitFor(email, { since });
  const res = await request(t.baseUrl, 'POST', '/api/authorization/verify/', {
    json: { token: tokenFromMail(mail.text) },
    jar,
  });
  if (res.status !== 200)
    throw new Error(`verify answered ${res.status}: ${JSON.stringify(res.body)}`);
}

export async function signedInUser(
  t: TestApp,
  email: string,
  role: 'contractor' | 'homeowner' = 'contractor',
  opts: { name?: string; reassign?: boolean } = {},
): Promise<TestUser> {
  const name = opts.name ?? (role === 'contractor' ? 'Casey Contractor' : 'Hana Homeowner');
  const jar = cookieJar();
  const since = Date.now();
  if (role === 'contractor') {
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signup', {
      json: { email, name, phoneNumber: '555-0100', companyName: 'Casey Builds' },
      jar,
    });
    if (res.status !== 200)
      throw new Error(`signup answered ${res.status}: ${JSON.stringify(res.body)}`);
  } else {
    await t.app.ctx.db
      .insertInto('users')
      .values({
        id: randomUUID(),
        email,
        name,
        phone_number: '',
        company_name: '',
        role: 'homeowner',
        reassign: null,
        company_logo_file_id: null,
        created_at: Date.now(),
        last_login_at: null,
      })
      .execute();
    const res = await request(t.baseUrl, 'POST', '/api/authorization/signin', {
      json: { email },
      jar,
    });
    if (res.status !== 200)
      throw new Error(`signin answered ${res.status}: ${JSON.stringify(res.body)}`);
  }
  await verifyMailedLink(t, email, since, jar);
  if (opts.reassign) {
    await t.app.ctx.db
      .updateTable('users')
      .set({ reassign: 'granted' })
      .where('email', '=', email)
      .execute();
  }
  const row = await t.app.ctx.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return { id: row.id, email, name, role, cookie: jar.header() ?? '', jar };
}

/** Adds a member (the homeowner it was sent to, or an invitee) directly: invites are another feature. */
export async function addMember(
  t: TestApp,
  proposalId: string,
  userId: string,
  role: 'homeowner' | 'invitee',
): Promise<void> {
  // Named as a send names them (decision 0087): the homeowner by the account's name.
  const user = await t.app.ctx.db
    .selectFrom('users')
    .select('name')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  await t.app.ctx.db
    .insertInto('proposal_members')
    .values({
      proposal_id: proposalId,
      user_id: userId,
      role,
      name_on_proposal: role === 'homeowner' ? user.name : '',
      invited_by: null,
      created_at: Date.now(),
    })
    .execute();
}

/** Who owns the proposal now, as stored (null while it waits to be claimed). */
export async function ownerOf(t: TestApp, proposalId: string): Promise<string | null> {
  const row = await t.app.ctx.db
    .selectFrom('proposals')
    .select('owner_id')
    .where('id', '=', proposalId)
    .executeTakeFirstOrThrow();
  return row.owner_id;
}

/** A small proposal payload; override what the test is about. */
export function proposalInput(overrides: Partial<ProposalInput> = {}): ProposalInput {
  return {
    companyName: 'Casey Builds',
    projectName: 'Kitchen remodel',
    projectAddress: '1 Main St, Springfield, IL 62701',
    introductoryNote: 'Thanks for the opportunity.',
    name: 'Casey',
    phoneNumber: '555-0100',
    contract: 'All work will be done in a workmanlike manner.',
    costGroups: [
      {
        name: 'Demolition',
        values: [
          { name: 'Remove cabinets', rawCost: '1200+350*2', costType: 1 },
          { name: 'Haul away', rawCost: '300', costType: 1 },
        ],
      },
    ],
    ...overrides,
  };
}

/** POST /api/proposal; answers the new id. */
export async function createProposal(
  t: TestApp,
  who: { cookie?: string; jar?: CookieJar },
  input: ProposalInput = proposalInput(),
): Promise<string> {
  const res = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
    json: input,
    cookie: who.cookie,
    jar: who.jar,
  });
  if (res.status !== 201)
    throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/** The editor's payload for a loaded proposal: what the client sends back unchanged. */
export function asInput(p: Proposal): ProposalInput & { version: number } {
  return {
    version: p.version,
    companyName: p.companyName,
    projectName: p.projectName,
    contract: p.contract,
    costGroups: p.costGroups.map((g) => ({
      id: g.id,
      name: g.name,
      note: g.note,
      imageIds: g.images.map((i) => i.id),
      values: g.values.map((v) => ({
        id: v.id,
        name: v.name,
        rawCost: v.rawCost,
        costType: v.costType,
        selection: v.selection,
        note: v.note,
      })),
    })),
  };
}

/**
 * A proposal of `owner` with one group holding one item to shop for (an allowance marked as a
 * selection); its id and that item's id.
 */
export async function proposalWithItemToChoose(
  t: TestApp,
  owner: TestUser,
  item = { group: 'Kitchens', name: 'Kitchen Faucet' },
): Promise<{ id: string; itemId: string }> {
  const id = await createProposal(
    t,
    owner,
    proposalInput({
      costGroups: [
        {
          name: item.group,
          values: [{ name: item.name, rawCost: '300', costType: 4, selection: true }],
        },
      ],
    }),
  );
  const row = await t.app.ctx.db
    .selectFrom('cost_items')
    .select('id')
    .where('proposal_id', '=', id)
    .executeTakeFirstOrThrow();
  return { id, itemId: row.id };
}

/**
 * Issue 19, "Money shown in one currency" (decision 0021): a proposal's currency on create,
 * update, read, duplicate and 'Send Proposal'; refused codes; the migration's USD default; and
 * catalogue search and suggestions ranked by it. Runs on SQLite and, with TEST_DB=postgres, on
 * PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendProposalDraft } from '../../src/client/features/viewer/send-proposal-draft';
import { rankByCurrency } from '../../src/shared/domain/currency';
import { migrationProvider } from '../../src/server/db/migrations';
import { proposalInputSchema, proposalSchema } from '../../src/shared/schemas/proposal';
import { productListSchema, type Product } from '../../src/shared/schemas/products';
import { selectionsPageSchema } from '../../src/shared/schemas/selections';
import { insertProduct } from './support/products';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

const UNKNOWN = 'Currency must be one of USD, EUR or GBP.';

let t: TestApp;
let owner: TestUser;
let homeowner: TestUser;

beforeAll(async () => {
  t = await startTestApp({
    limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500, requestsPerMinute: 100_000 },
  });
  owner = await signedInUser(t, 'casey@example.com');
  homeowner = await signedInUser(t, 'hana@example.com', 'homeowner', { name: 'Hana Home' });
});
afterAll(() => t?.close());

const read = async (id: string, who: TestUser = owner) => {
  const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, { cookie: who.cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return proposalSchema.parse(res.body);
};
const put = (id: string, body: unknown, key?: string) =>
  request(t.baseUrl, 'PUT', `/api/proposal/${id}`, {
    json: body,
    cookie: owner.cookie,
    headers: key ? { 'idempotency-key': key } : undefined,
  });
const storedCurrency = async (id: string) =>
  (
    await t.app.ctx.db
      .selectFrom('proposals')
      .select('currency')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).currency;

describe('a proposal’s currency', () => {
  it('is USD when the create leaves it out, and what the contractor picked otherwise', async () => {
    const plain = await createProposal(t, owner, proposalInput());
    expect((await read(plain)).currency).toBe('USD');
    const euros = await createProposal(t, owner, proposalInput({ currency: 'EUR' }));
    expect((await read(euros)).currency).toBe('EUR');
  });

  it('changes with a save from the current version, once per Idempotency-Key, and not from a stale one', async () => {
    const id = await createProposal(t, owner, proposalInput());
    const before = await read(id);
    const body = { ...proposalInput(), currency: 'GBP', version: before.version };
    const key = randomUUID();
    const first = await put(id, body, key);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(proposalSchema.parse(first.body)).toMatchObject({
      currency: 'GBP',
      version: before.version + 1,
    });
    // The same save retried: the first answer, no second change.
    const retry = await put(id, body, key);
    expect(retry.status).toBe(200);
    expect((await read(id)).version).toBe(before.version + 1);
    // Another save from the old version: 409, the currency stays.
    const stale = await put(id, { ...body, currency: 'EUR' });
    expect(stale.status).toBe(409);
    expect((await read(id)).currency).toBe('GBP');
  });

  it('refuses an unknown currency with a 400 that says which are known, and stores nothing', async () => {
    const created = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: proposalInput({ currency: 'CAD' as never }),
      cookie: owner.cookie,
    });
    expect(created.status).toBe(400);
    expect(created.body).toMatchObject({ message: UNKNOWN });

    const id = await createProposal(t, owner, proposalInput({ currency: 'EUR' }));
    const { version } = await read(id);
    for (const bad of ['usd', '', null, 978]) {
      const res = await put(id, { ...proposalInput(), currency: bad, version });
      expect(res.status).toBe(400);
      expect((res.body as { message: string }).message).toContain(UNKNOWN);
    }
    expect(await read(id)).toMatchObject({ currency: 'EUR', version });
  });

  it('is kept by Duplicate', async () => {
    const id = await createProposal(t, owner, proposalInput({ currency: 'GBP' }));
    const res = await request(t.baseUrl, 'POST', '/api/proposal/duplicate', {
      json: { id },
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(proposalInputSchema.parse(res.body).currency).toBe('GBP');
  });

  it('is kept by Send Proposal: the homeowner’s copy is in the same currency', async () => {
    const id = await createProposal(t, owner, proposalInput({ currency: 'EUR' }));
    await addMember(t, id, homeowner.id, 'homeowner');
    const shared = await read(id, homeowner);
    const copy = await request<string>(t.baseUrl, 'POST', '/api/proposal', {
      json: sendProposalDraft(shared),
      cookie: homeowner.cookie,
    });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(await storedCurrency(copy.body)).toBe('EUR');
  });

  it('reaches the shop page', async () => {
    const id = await createProposal(
      t,
      owner,
      proposalInput({
        currency: 'EUR',
        costGroups: [{ name: 'Kitchen', values: [{ name: 'Cabinets', selection: true }] }],
      }),
    );
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${id}/selections`, {
      cookie: owner.cookie,
    });
    expect(res.status).toBe(200);
    expect(selectionsPageSchema.parse(res.body).currency).toBe('EUR');
  });

  it('is USD for every proposal made before the migration', async () => {
    const migrator = new Migrator({ db: t.app.ctx.db, provider: migrationProvider });
    const down = await migrator.migrateTo('2026-11-24-0007-idempotency');
    expect(down.error).toBeUndefined();
    // Written without the column, as the previous build did.
    const id = await createProposalWithoutCurrency();
    const up = await migrator.migrateToLatest();
    expect(up.error).toBeUndefined();
    expect(await storedCurrency(id)).toBe('USD');
    expect((await read(id)).currency).toBe('USD');
  });
});

/** POST while the column is gone: the service writes `currency`, so insert the old row directly. */
async function createProposalWithoutCurrency(): Promise<string> {
  const id = randomUUID();
  const now = Date.now();
  await t.app.ctx.db
    .withTables<{ proposals: Record<string, unknown> }>()
    .insertInto('proposals')
    .values({
      id,
      owner_id: owner.id,
      claim_token_hash: null,
      deleted_at: null,
      version: 1,
      company_name: '',
      project_name: 'Before currencies',
      project_address: '',
      introductory_note: '',
      name: '',
      phone_number: '',
      project_scope: '',
      team_description: '',
      contract: '',
      show_logo: 1,
      is_public: 0,
      personal_photo_file_id: null,
      company_logo_file_id: null,
      date: now,
      show_cover: 1,
      show_welcome: 1,
      show_bigpicture: 1,
      show_plan: 1,
      show_shoppinglist: 1,
      show_contract: 1,
      created_at: now,
      sent_at: null,
      edited_at: null,
      signed_by_contractor_at: null,
      signed_by_homeowner_at: null,
      archived_at: null,
    })
    .execute();
  return id;
}

describe('products ranked by currency', () => {
  const list = async (query: Record<string, string>) => {
    const res = await request(t.baseUrl, 'GET', `/api/products?${new URLSearchParams(query)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return productListSchema.parse(res.body);
  };
  const suggest = async (name: string, currency?: string) => {
    const query = currency ? `?currency=${currency}` : '';
    const res = await request(
      t.baseUrl,
      'POST',
      `/api/products/byName/${encodeURIComponent(name)}${query}`,
      { json: { selections: [] } },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return productListSchema.parse(res.body);
  };
  const ids = (products: Product[]) => products.map((p) => p._id);

  beforeAll(async () => {
    // One word only these share, in every currency and none, the euro one the best match.
    const rows: { title: string; currency: 'USD' | 'EUR' | 'GBP' | null }[] = [
      { title: 'Quorvel quorvel quorvel basin', currency: 'EUR' },
      { title: 'Quorvel basin in pounds', currency: 'GBP' },
      { title: 'Quorvel basin without a currency', currency: null },
      { title: 'Quorvel basin in dollars', currency: 'USD' },
      { title: 'Quorvel second basin in dollars', currency: 'USD' },
    ];
    for (const row of rows) await insertProduct(t, row);
  });

  it('searches in the order of the currency rule, relevance kept within each currency', async () => {
    const plain = await list({ searchTerms: 'quorvel', limit: '8' });
    expect(plain).toHaveLength(5);
    for (const currency of ['USD', 'EUR', 'GBP'] as const) {
      const ranked = await list({ searchTerms: 'quorvel', limit: '8', currency });
      expect(ids(ranked)).toEqual(ids(rankByCurrency(plain, currency)));
      expect(ranked[0]?.currency).toBe(currency);
    }
    const dollars = await list({ searchTerms: 'quorvel', limit: '8', currency: 'USD' });
    expect(dollars.map((p) => p.currency)).toEqual([
      'USD',
      'USD',
      null,
      expect.any(String),
      expect.any(String),
    ]);
  });

  it('pages the whole catalogue with the wanted currency first', async () => {
    const first = await list({ searchTerms: '', limit: '8', page: '1', currency: 'GBP' });
    expect(first.map((p) => p.currency)).toEqual(Array(8).fill('GBP'));
  });

  it('suggests products in the proposal’s currency first', async () => {
    const mixed = await suggest('Cabinets');
    expect(new Set(mixed.map((p) => p.currency)).size).toBeGreaterThan(1);
    const euros = await suggest('Cabinets', 'EUR');
    expect(euros[0]?.currency).toBe('EUR');
    const dollars = await suggest('Cabinets', 'USD');
    expect(dollars.map((p) => p.currency)).toEqual(['USD', 'USD', 'USD', 'USD']);
  });

  it('refuses an unknown currency in a search or a suggestion', async () => {
    const res = await request(t.baseUrl, 'GET', '/api/products?currency=JPY');
    expect(res.status).toBe(400);
    expect((res.body as { message: string }).message).toContain(UNKNOWN);
    const byName = await request(t.baseUrl, 'POST', '/api/products/byName/Sink?currency=usd', {
      json: { selections: [] },
    });
    expect(byName.status).toBe(400);
    expect((byName.body as { message: string }).message).toContain(UNKNOWN);
  });
});

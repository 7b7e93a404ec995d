import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastUpdated, listStatusOf, type ListSort } from '../../src/shared/domain/dashboard-list';
import {
  proposalListSchema,
  type ProposalList,
  type ProposalListItem,
} from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import {
  addMember,
  createProposal,
  proposalInput,
  signedInUser,
  type TestUser,
} from './support/users';

/*
 * Decision 0096: GET /api/proposal/ filtered by status, searched, sorted by the server, and paged
 * by a cursor that belongs to its order (ties broken by id).
 */
describe('the proposal list: search, status filter and sort', () => {
  let t: TestApp;
  let clock = Date.parse('2026-11-01T12:00:00Z');
  let owner: TestUser;
  let other: TestUser;
  let homeowner: TestUser;
  let invitee: TestUser;
  const id: Record<string, string> = {};
  const day = 86_400_000;

  const make = async (key: string, overrides: Parameters<typeof proposalInput>[0] = {}) => {
    id[key] = await createProposal(t, owner, proposalInput(overrides));
  };
  const set = (key: string, values: Record<string, number | null>) =>
    t.app.ctx.db.updateTable('proposals').set(values).where('id', '=', id[key]!).execute();

  beforeAll(async () => {
    t = await startTestApp({
      now: () => clock,
      limits: { authEmailsPerAddress: 50, authEmailsPerIp: 500 },
    });
    owner = await signedInUser(t, 'filter-owner@example.com');
    other = await signedInUser(t, 'filter-other@example.com');
    homeowner = await signedInUser(t, 'hana.smith@example.com', 'homeowner', {
      name: 'Hana Smith',
    });
    invitee = await signedInUser(t, 'dora@example.com', 'contractor', { name: 'Dora' });

    clock += day;
    await make('kitchen', { projectName: 'Kitchen remodel', projectAddress: '12 Elm Street' });
    clock += day;
    await make('bath', { projectName: 'Bathroom refresh', projectAddress: '4 Oak Ave' });
    clock += day;
    await make('deck', { projectName: 'deck build', projectAddress: '9 Pine Rd', name: 'Quinn' });
    clock += day;
    await make('attic', { projectName: 'Attic 100%_done', projectAddress: '3 Birch Ln' });
    clock += day;
    await make('untitled', { projectName: '', projectAddress: '' });
    // Three made in the same millisecond, two of them with one project name: ties in every order.
    clock += day;
    await make('garage1', { projectName: 'Garage', projectAddress: '7 Ash Ct' });
    await make('garage2', { projectName: 'garage', projectAddress: '7 Ash Ct' });
    await make('shed', { projectName: 'Shed', projectAddress: '8 Ash Ct' });
    clock += day;
    const foreign = await createProposal(t, other, proposalInput({ projectName: 'Kitchen other' }));

    const start = Date.parse('2026-11-01T12:00:00Z');
    // bath: sent to Hana Smith, awaiting; deck: signed by both; attic: edited after sending.
    await set('bath', { sent_at: start + 10 * day });
    await addMember(t, id.bath!, homeowner.id, 'homeowner');
    await set('deck', {
      sent_at: start + 8 * day,
      signed_by_homeowner_at: start + 9 * day,
      signed_by_contractor_at: start + 11 * day,
    });
    await set('attic', { sent_at: start + 12 * day, edited_at: start + 13 * day });
    // Same updated time as the attic's edit: a tie in 'updated'.
    await set('shed', { edited_at: start + 13 * day });
    await addMember(t, foreign, homeowner.id, 'homeowner');
    await addMember(t, id.kitchen!, invitee.id, 'invitee');
  });
  afterAll(() => t.close());

  const get = (who: TestUser, query: string) =>
    request(t.baseUrl, 'GET', `/api/proposal/${query}`, { cookie: who.cookie });
  const list = async (who: TestUser, query = '') => {
    const res = await get(who, query);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return proposalListSchema.parse(res.body);
  };
  const keysOf = (items: ProposalListItem[]) =>
    items.map((item) => Object.keys(id).find((k) => id[k] === item._id) ?? 'foreign');
  /** Every page of a query, `limit` at a time. */
  const allPages = async (who: TestUser, query: string, limit: number) => {
    const items: ProposalListItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: ProposalList = await list(
        who,
        `?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      items.push(...page.items);
      cursor = page.nextCursor;
      pages += 1;
    } while (cursor && pages < 20);
    return { items, pages };
  };

  it('filters by the status label: not sent, sent awaiting a signature, signed', async () => {
    const everything = await list(owner, '?status=all');
    expect(everything.total).toBe(8);
    expect(keysOf(everything.items)).toHaveLength(8);
    const cases: [string, string[]][] = [
      ['not-sent', ['shed', 'garage2', 'garage1', 'untitled', 'kitchen']],
      ['awaiting', ['attic', 'bath']],
      ['signed', ['deck']],
    ];
    for (const [status, expected] of cases) {
      const page = await list(owner, `?status=${status}`);
      expect(new Set(keysOf(page.items)), status).toEqual(new Set(expected));
      expect(page.total).toBe(expected.length);
      for (const item of page.items) expect(listStatusOf(item.events)).toBe(status);
    }
    const labels = (await list(owner, '?status=awaiting')).items.map((i) => i.status.label);
    expect(labels).toEqual(['Sent', 'Sent']);
  });

  it('searches project name, name, address and the homeowner, any case, every word', async () => {
    const search = async (who: TestUser, q: string) =>
      keysOf((await list(who, `?q=${encodeURIComponent(q)}`)).items).sort();
    expect(await search(owner, 'KITCHEN')).toEqual(['kitchen']);
    expect(await search(owner, 'quinn')).toEqual(['deck']);
    expect(await search(owner, 'elm street')).toEqual(['kitchen']);
    expect(await search(owner, 'ash ct')).toEqual(['garage1', 'garage2', 'shed']);
    // The homeowner as the proposal names them, and (for its owner) their address.
    expect(await search(owner, 'smith')).toEqual(['bath']);
    expect(await search(owner, 'hana.smith@')).toEqual(['bath']);
    // Every word must be found, each anywhere.
    expect(await search(owner, 'smith bathroom')).toEqual(['bath']);
    expect(await search(owner, 'smith kitchen')).toEqual([]);
    // Wildcards are plain characters.
    expect(await search(owner, '%')).toEqual(['attic']);
    expect(await search(owner, '0%_d')).toEqual(['attic']);
    expect(await search(owner, '_')).toEqual(['attic']);
    expect(await search(owner, '   ')).toHaveLength(8);
    // Search and filter together.
    const both = await list(owner, '?q=garage&status=not-sent&sort=project');
    expect(keysOf(both.items)).toEqual(
      [id.garage1!, id.garage2!].sort().map((v) => Object.keys(id).find((k) => id[k] === v)),
    );
    expect(both.total).toBe(2);
  });

  it('shows a homeowner only their own proposals, whatever they search', async () => {
    expect(keysOf((await list(homeowner)).items).sort()).toEqual(['bath', 'foreign']);
    expect(keysOf((await list(homeowner, '?q=kitchen')).items)).toEqual(['foreign']);
    expect((await list(homeowner, '?q=deck')).total).toBe(0);
    // The owner sees none of another contractor's proposals.
    expect(keysOf((await list(owner, '?q=other')).items)).toEqual([]);
  });

  it('lets an invitee find the homeowner by name but not by their e-mail address', async () => {
    await addMember(t, id.bath!, invitee.id, 'invitee');
    expect(keysOf((await list(invitee, '?q=smith')).items)).toEqual(['bath']);
    expect(keysOf((await list(invitee, '?q=hana.smith')).items)).toEqual([]);
    await t.app.ctx.db
      .deleteFrom('proposal_members')
      .where('proposal_id', '=', id.bath!)
      .where('user_id', '=', invitee.id)
      .execute();
  });

  it('sorts by last update, newest creation or project name, ties by id', async () => {
    const order = async (sort: ListSort) => (await list(owner, `?sort=${sort}`)).items;
    const created = await order('created');
    expect(created.map((i) => i.events.created)).toEqual(
      [...created.map((i) => i.events.created)].sort((a, b) => b - a),
    );
    expect(keysOf(created).slice(-5)).toEqual(['untitled', 'attic', 'deck', 'bath', 'kitchen']);
    expect(keysOf(await list(owner).then((p) => p.items))).toEqual(keysOf(created));

    const updated = await order('updated');
    const byUpdate = [...updated].sort(
      (a, b) => lastUpdated(b.events) - lastUpdated(a.events) || (a._id < b._id ? 1 : -1),
    );
    expect(keysOf(updated)).toEqual(keysOf(byUpdate));
    // The attic edited after sending and the shed edited at the same time lead; the deck's
    // signature and the bath's sending count as updates.
    expect(new Set(keysOf(updated).slice(0, 2))).toEqual(new Set(['attic', 'shed']));
    expect(keysOf(updated).slice(2, 4)).toEqual(['deck', 'bath']);

    const project = keysOf(await order('project'));
    const garages = [id.garage1!, id.garage2!].sort();
    expect(project).toEqual([
      'attic',
      'bath',
      'deck',
      ...garages.map((v) => Object.keys(id).find((k) => id[k] === v)),
      'kitchen',
      'shed',
      'untitled',
    ]);
  });

  it('pages every order by its cursor, across ties, without gaps or repeats', async () => {
    for (const sort of ['created', 'updated', 'project'] as const) {
      const whole = keysOf((await list(owner, `?sort=${sort}`)).items);
      for (const limit of [1, 2, 3]) {
        const { items, pages } = await allPages(owner, `sort=${sort}`, limit);
        expect(keysOf(items), `${sort} by ${limit}`).toEqual(whole);
        expect(pages).toBe(Math.ceil(whole.length / limit));
      }
      const filtered = keysOf((await list(owner, `?sort=${sort}&status=not-sent`)).items);
      expect(keysOf((await allPages(owner, `sort=${sort}&status=not-sent`, 2)).items)).toEqual(
        filtered,
      );
    }
  });

  it("finds words whatever their letters' case, accented ones too, as the database folds them", async () => {
    // SQLite's own lower() folds ASCII only; the search folds every letter there (review 28 F5).
    // PostgreSQL's follows the database's LC_CTYPE: a UTF-8 locale, as in the official image,
    // folds every letter; this suite's cluster is made with --no-locale, which folds ASCII only.
    const folds =
      t.app.ctx.dialect === 'sqlite' ||
      (await sql<{ f: boolean }>`select lower('É') = 'é' as f`.execute(t.app.ctx.db)).rows[0]!.f;
    const accents = await signedInUser(t, 'filter-accents@example.com');
    const elise = await createProposal(t, accents, proposalInput({ projectName: 'Élise Kitchen' }));
    await createProposal(t, accents, proposalInput({ projectName: 'Eloise bath' }));
    for (const q of ['élise', 'ÉLISE', 'Élise kitchen']) {
      const found = await list(accents, `?q=${encodeURIComponent(q)}`);
      expect(
        found.items.map((item) => item._id),
        q,
      ).toEqual(folds ? [elise] : []);
    }
    expect((await list(accents, '?q=KITCHEN')).items.map((item) => item._id)).toEqual([elise]);
  });

  it('pages the project order past names of the longest kind (review 28 F1)', async () => {
    const long = await signedInUser(t, 'filter-long@example.com');
    // 200 characters each, of the kind that lengthens the cursor most: 3-byte letters and quotes.
    const names = ['\u2603"'.repeat(100), 'Ω"'.repeat(100), 'ä'.repeat(200)];
    const made = [];
    for (const projectName of names) {
      made.push(await createProposal(t, long, proposalInput({ projectName })));
    }
    const { items, pages } = await allPages(long, 'sort=project', 1);
    expect(pages).toBe(3);
    expect(new Set(items.map((item) => item._id))).toEqual(new Set(made));
  });

  it('refuses unknown values and parameters, and a cursor of another order, with 400', async () => {
    const refused: [string, RegExp][] = [
      ['?status=pending', /status: must be one of all, not-sent, awaiting, signed/],
      ['?sort=name', /sort: must be one of updated, created, project/],
      ['?sort=', /sort: must be one of/],
      ['?order=project', /order/],
      [`?q=${'x'.repeat(101)}`, /q: at most 100 characters/],
      ['?cursor=not-a-cursor', /not available any more/],
    ];
    for (const [query, message] of refused) {
      const res = await get(owner, query);
      expect(res.status, query).toBe(400);
      expect(JSON.stringify(res.body), query).toMatch(message);
    }
    const first = await list(owner, '?sort=created&limit=2');
    const cursor = encodeURIComponent(first.nextCursor!);
    const res = await get(owner, `?sort=project&limit=2&cursor=${cursor}`);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toMatch(/not available any more/);
    expect((await get(owner, `?sort=created&limit=2&cursor=${cursor}`)).status).toBe(200);
  });

  it('answers 401 signed out', async () => {
    const res = await request(t.baseUrl, 'GET', '/api/proposal/?sort=project');
    expect(res.status).toBe(401);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProposalInput } from '../../src/shared/schemas/proposal';
import { request, startTestApp, type TestApp } from './support/test-app';
import { signedInUser, type TestUser } from './support/users';
import { countQueries as startCounting, type QueryCounter } from './support/query-counter';

/*
 * No N+1: reading a proposal or the dashboard list costs the same number of SQL queries whatever
 * their size. Counted at Kysely's executor, which every query of the app goes through.
 */
describe('query counts do not grow with the data', () => {
  let t: TestApp;
  let owner: TestUser;
  let queries: QueryCounter;

  beforeAll(async () => {
    t = await startTestApp({ limits: { requestsPerMinute: 100_000 } });
    owner = await signedInUser(t, 'counter@example.com');
    queries = startCounting(t);
  });
  afterAll(() => t.close());

  async function create(input: ProposalInput): Promise<string> {
    const res = await request(t.baseUrl, 'POST', '/api/proposal', {
      json: input,
      cookie: owner.cookie,
    });
    expect(res.status).toBe(201);
    return String(res.body);
  }

  async function countQueries(path: string): Promise<number> {
    queries.reset();
    const res = await request(t.baseUrl, 'GET', path, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    return queries.count;
  }

  const plan = (groups: number, items: number): ProposalInput['costGroups'] =>
    Array.from({ length: groups }, (_, g) => ({
      name: `Group ${g + 1}`,
      values: Array.from({ length: items }, (_, i) => ({
        name: `Item ${g + 1}.${i + 1}`,
        rawCost: `${(i + 1) * 10}`,
        costType: 4 as const,
        selection: i % 2 === 0,
      })),
    }));

  it('GET /api/proposal/:id', async () => {
    const small = await create({ projectName: 'Small', costGroups: plan(1, 1) });
    const large = await create({ projectName: 'Large', costGroups: plan(20, 15) });
    const smallCount = await countQueries(`/api/proposal/${small}`);
    const largeCount = await countQueries(`/api/proposal/${large}`);
    expect(smallCount).toBeGreaterThan(0);
    expect(largeCount).toBe(smallCount);
  });

  it('GET /api/proposal/:id after a change: at most 6, whatever the size; kept, fewer', async () => {
    // Item 1.1 of each plan is a selection, so its note (part of the plan) can be changed.
    const small = await create({ projectName: 'Small again', costGroups: plan(1, 1) });
    const large = await create({ projectName: 'Large again', costGroups: plan(20, 15) });
    const notes = new Map<string, string>();
    const changeHeader = (id: string, archived: boolean) =>
      request(t.baseUrl, 'POST', `/api/proposal/${archived ? 'archive' : 'unarchive'}`, {
        json: { id },
        cookie: owner.cookie,
      });
    const changePlan = async (id: string) => {
      const read = await request(t.baseUrl, 'GET', `/api/proposal/${id}`, {
        cookie: owner.cookie,
      });
      const item = (read.body as { costGroups: { values: { id: string }[] }[] }).costGroups[0]!
        .values[0]!;
      const expected = notes.get(id) ?? '';
      const note = `${expected}+`;
      notes.set(id, note);
      return request(t.baseUrl, 'PUT', `/api/proposal/${id}/items/${item.id}/note`, {
        json: { note, expected },
        cookie: owner.cookie,
      });
    };
    const afterChange = async (id: string, change: () => Promise<{ status: number }>) => {
      expect((await change()).status).toBe(200);
      return countQueries(`/api/proposal/${id}`);
    };
    // The first read after a change builds the whole reply: the same count for 1 item and 300.
    const smallFirst = await afterChange(small, () => changeHeader(small, true));
    const largeFirst = await afterChange(large, () => changeHeader(large, true));
    expect(largeFirst).toBe(smallFirst);
    expect(largeFirst).toBeLessThanOrEqual(6);
    // The owner's first read of a new plan: the reader (with the session), the files, the plan's
    // groups and items in one statement, the activity (decision 0045).
    expect(largeFirst).toBe(4);
    // Read again unchanged: the kept reply costs the access check, not the plan; signed in, it
    // runs in the session lookup's statement: one statement, one round trip (decision 0042).
    expect(await countQueries(`/api/proposal/${large}`)).toBeLessThan(largeFirst);
    expect(await countQueries(`/api/proposal/${large}`)).toBe(1);
    // A change of the header alone keeps the plan's part (decision 0036): fewer, any size.
    const smallHeader = await afterChange(small, () => changeHeader(small, false));
    const largeHeader = await afterChange(large, () => changeHeader(large, false));
    expect(largeHeader).toBe(smallHeader);
    expect(largeHeader).toBeLessThan(largeFirst);
    // The files are kept with the plan's structure too: the reader and the activity (0045).
    expect(largeHeader).toBe(2);
    // A change of the plan builds its group again, whatever the size: the files are kept, the
    // groups and the changed group's items are one statement (decision 0045).
    const smallPlan = await afterChange(small, () => changePlan(small));
    const largePlan = await afterChange(large, () => changePlan(large));
    expect(largePlan).toBe(smallPlan);
    expect(largePlan).toBeLessThanOrEqual(largeFirst);
    expect(largePlan).toBe(3);
  });

  it('GET /api/proposal/ (the dashboard list)', async () => {
    const before = await countQueries('/api/proposal/');
    for (let i = 0; i < 12; i++) await create({ projectName: `Many ${i}`, costGroups: plan(2, 3) });
    const after = await countQueries('/api/proposal/');
    expect(after).toBe(before);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHOICE_STANDS } from '../../src/server/selections/access';
import { EDIT_WINDOW_MS } from '../../src/server/proposals/edit-trace';
import { proposalSchema } from '../../src/shared/schemas/proposal';
import {
  itemOptionsSchema,
  optionSchema,
  selectionsPageSchema,
  type Position,
} from '../../src/shared/schemas/selections';
import { homeownerOf, inviteeOf, messageOf } from './support/signing';
import { insertProduct } from './support/products';
import { request, startTestApp, type TestApp } from './support/test-app';
import { proposalWithItemToChoose, signedInUser, type TestUser } from './support/users';

/*
 * Decision 0091: a Chosen option says who chose it and when; an invitee suggests but cannot
 * replace, undo or remove the homeowner's or the contractor's choice; each change of a choice
 * is a line in the owner's activity. Runs on SQLite and, with-postgres, on PostgreSQL.
 */

describe('who chose a product', () => {
  let t: TestApp;
  let owner: TestUser;
  let ahead = 0;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestApp({
      now: () => Date.now() + ahead,
      limits: { authEmailsPerAddress: 100, authEmailsPerIp: 1000, requestsPerMinute: 100_000 },
    });
    owner = await signedInUser(t, 'chosen-owner@example.com', 'contractor', {
      name: 'Carla Contreras',
    });
  });
  afterAll(() => t.close());

  interface Shop {
    id: string;
    itemId: string;
    homeowner: TestUser;
    dora: TestUser;
  }

  /** A sent proposal with a Kitchen Faucet to choose, its homeowner and an invited designer. */
  async function shop(): Promise<Shop> {
    seq += 1;
    const { id, itemId } = await proposalWithItemToChoose(t, owner);
    const homeowner = await homeownerOf(t, owner, id, `hana${seq}@example.com`, 'Hana Ng');
    const dora = await inviteeOf(t, owner, id, `dora${seq}@example.com`);
    await t.app.ctx.db
      .updateTable('users')
      .set({ name: 'Dora Designer' })
      .where('id', '=', dora.id)
      .execute();
    return { id, itemId, homeowner, dora };
  }

  async function addOption(s: Shop, who: TestUser, title: string) {
    const productId = await insertProduct(t, { title, image_url: '/x/{id}.png', catalogue: 1 });
    const res = await request(t.baseUrl, 'POST', `/api/proposal/${s.id}/addProduct/`, {
      json: { costItemId: s.itemId, productId },
      cookie: who.cookie,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return optionSchema.parse(res.body).id;
  }

  const mark = (s: Shop, who: TestUser, optionId: string, position: Position) =>
    request(t.baseUrl, 'PUT', `/api/proposal/${s.id}/options/${optionId}`, {
      json: { position },
      cookie: who.cookie,
    });

  async function options(s: Shop, who: TestUser) {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${s.id}/selections`, {
      cookie: who.cookie,
    });
    expect(res.status).toBe(200);
    const page = selectionsPageSchema.parse(res.body);
    return page.groups.flatMap((g) => g.items).find((i) => i.id === s.itemId)!.options;
  }

  async function choices(s: Shop) {
    const res = await request(t.baseUrl, 'GET', `/api/proposal/${s.id}`, { cookie: owner.cookie });
    expect(res.status).toBe(200);
    return (proposalSchema.parse(res.body).activity ?? []).filter((e) => e.kind === 'chosen');
  }

  it('keeps who chose an option, as what and when, and shows "mine" only to them', async () => {
    const s = await shop();
    const black = await addOption(s, s.dora, 'Matte Black Faucet');
    const before = Date.now();
    const res = await mark(s, s.homeowner, black, 'chosen');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = itemOptionsSchema.parse(res.body).options[0]!;
    expect(mine.chosenBy).toEqual({ name: 'Hana Ng', role: 'homeowner', mine: true });
    expect(mine.chosenAt).toBeGreaterThanOrEqual(before);
    expect(mine.chosenAt).toBeLessThanOrEqual(Date.now());

    const [ownersView] = await options(s, owner);
    expect(ownersView!.chosenBy).toEqual({ name: 'Hana Ng', role: 'homeowner', mine: false });
    expect(ownersView!.chosenAt).toBe(mine.chosenAt);
    const [dorasView] = await options(s, s.dora);
    expect(dorasView!.chosenBy?.mine).toBe(false);
    // Added by Dora, chosen by Hana: Dora may not take the homeowner's choice away.
    expect(dorasView!.canRemove).toBe(false);
  });

  it("refuses an invitee replacing, undoing or removing the homeowner's choice", async () => {
    const s = await shop();
    const black = await addOption(s, s.dora, 'Matte Black Faucet');
    const chrome = await addOption(s, s.dora, 'Polished Chrome Faucet');
    expect((await mark(s, s.homeowner, black, 'chosen')).status).toBe(200);

    const replace = await mark(s, s.dora, chrome, 'chosen');
    expect(replace.status).toBe(403);
    expect(messageOf(replace)).toBe(CHOICE_STANDS);
    for (const position of ['liked', 'not_selected'] as const) {
      const undo = await mark(s, s.dora, black, position);
      expect(undo.status).toBe(403);
      expect(messageOf(undo)).toBe(CHOICE_STANDS);
    }
    const remove = await request(t.baseUrl, 'DELETE', `/api/proposal/${s.id}/options/${black}`, {
      cookie: s.dora.cookie,
    });
    expect(remove.status).toBe(403);
    expect(messageOf(remove)).toBe(CHOICE_STANDS);

    // Suggesting stays open to her: she may Like another option.
    expect((await mark(s, s.dora, chrome, 'liked')).status).toBe(200);
    const now = await options(s, s.homeowner);
    expect(now.map((o) => [o.product.title, o.position, o.chosenBy?.name ?? null])).toEqual([
      ['Matte Black Faucet', 'chosen', 'Hana Ng'],
      ['Polished Chrome Faucet', 'liked', null],
    ]);
    expect(await choices(s)).toHaveLength(1);
  });

  it('lets an invitee choose where nothing or an invitee chose, and the homeowner change it', async () => {
    const s = await shop();
    const black = await addOption(s, owner, 'Matte Black Faucet');
    const chrome = await addOption(s, owner, 'Polished Chrome Faucet');
    expect((await mark(s, s.dora, chrome, 'chosen')).status).toBe(200);
    let now = await options(s, s.homeowner);
    expect(now[1]!.chosenBy).toEqual({ name: 'Dora Designer', role: 'invitee', mine: false });
    // Another invitee may change an invitee's choice, and it is then theirs.
    const arno = await inviteeOf(t, owner, s.id, `arno${seq}@example.com`);
    expect((await mark(s, arno, black, 'chosen')).status).toBe(200);
    now = await options(s, s.homeowner);
    expect(now.map((o) => [o.position, o.chosenBy?.role ?? null])).toEqual([
      ['chosen', 'invitee'],
      ['liked', null],
    ]);
    // The homeowner's word is the last: her choice replaces theirs.
    const res = await mark(s, s.homeowner, chrome, 'chosen');
    expect(res.status).toBe(200);
    const after = itemOptionsSchema.parse(res.body).options;
    expect(after.map((o) => [o.position, o.chosenBy?.role ?? null])).toEqual([
      ['liked', null],
      ['chosen', 'homeowner'],
    ]);
  });

  it('lets the contractor change any choice, attributed, and protects it from invitees', async () => {
    const s = await shop();
    const black = await addOption(s, s.homeowner, 'Matte Black Faucet');
    const chrome = await addOption(s, s.homeowner, 'Polished Chrome Faucet');
    expect((await mark(s, s.homeowner, black, 'chosen')).status).toBe(200);
    expect((await mark(s, owner, chrome, 'chosen')).status).toBe(200);
    const now = await options(s, s.homeowner);
    expect(now[1]!.chosenBy).toEqual({ name: 'Carla Contreras', role: 'owner', mine: false });
    expect((await mark(s, s.dora, black, 'chosen')).status).toBe(403);
  });

  it('treats a choice made before choosers were recorded as not an invitee’s', async () => {
    const s = await shop();
    const black = await addOption(s, s.dora, 'Matte Black Faucet');
    const chrome = await addOption(s, s.dora, 'Polished Chrome Faucet');
    await t.app.ctx.db
      .updateTable('options')
      .set({ position: 'chosen' })
      .where('id', '=', black)
      .execute();
    const [legacy] = await options(s, s.homeowner);
    expect(legacy!.chosenBy).toBeNull();
    expect(legacy!.chosenAt).toBeNull();
    expect((await mark(s, s.dora, chrome, 'chosen')).status).toBe(403);
    expect((await mark(s, s.homeowner, chrome, 'chosen')).status).toBe(200);
  });

  it("lists each change of a choice in the owner's activity; one person's in a row as one", async () => {
    const s = await shop();
    const black = await addOption(s, owner, 'Matte Black Faucet');
    const chrome = await addOption(s, owner, 'Polished Chrome Faucet');
    expect((await mark(s, s.dora, black, 'chosen')).status).toBe(200);
    expect((await mark(s, s.dora, chrome, 'chosen')).status).toBe(200);
    expect(await choices(s)).toMatchObject([
      { by: 'Dora Designer', item: 'Kitchen Faucet', product: 'Polished Chrome Faucet' },
    ]);
    expect((await choices(s))[0]!.role).toBeUndefined();

    ahead += EDIT_WINDOW_MS + 1;
    expect((await mark(s, s.dora, black, 'chosen')).status).toBe(200);
    expect((await mark(s, s.homeowner, black, 'not_selected')).status).toBe(200);
    const events = await choices(s);
    expect(events.map((e) => [e.by, e.role ?? null, e.product ?? null])).toEqual([
      ['Dora Designer', null, 'Polished Chrome Faucet'],
      ['Dora Designer', null, 'Matte Black Faucet'],
      ['Hana Ng', 'homeowner', null],
    ]);
    // Liking changes no choice: no line.
    expect((await mark(s, s.homeowner, chrome, 'not_selected')).status).toBe(200);
    expect(await choices(s)).toHaveLength(3);

    // Removing the Chosen option withdraws the choice.
    expect((await mark(s, owner, chrome, 'chosen')).status).toBe(200);
    const gone = await request(t.baseUrl, 'DELETE', `/api/proposal/${s.id}/options/${chrome}`, {
      cookie: s.homeowner.cookie,
    });
    expect(gone.status).toBe(200);
    const last = (await choices(s)).slice(-2);
    expect(last.map((e) => [e.by, e.role ?? null, e.product ?? null])).toEqual([
      ['Carla Contreras', 'contractor', 'Polished Chrome Faucet'],
      ['Hana Ng', 'homeowner', null],
    ]);
  });

  it("leaves the contractor's own choices before sending out of the activity", async () => {
    const { id, itemId } = await proposalWithItemToChoose(t, owner);
    const s: Shop = { id, itemId, homeowner: owner, dora: owner };
    const black = await addOption(s, owner, 'Matte Black Faucet');
    expect((await mark(s, owner, black, 'chosen')).status).toBe(200);
    expect(await choices(s)).toEqual([]);
    const [option] = await options(s, owner);
    expect(option!.chosenBy).toEqual({ name: 'Carla Contreras', role: 'owner', mine: true });
  });
});

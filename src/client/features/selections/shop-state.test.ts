import { describe, expect, it } from 'vitest';
import type { Product } from '../../../shared/schemas/products';
import type { Option, SelectionItem, SelectionsPage } from '../../../shared/schemas/selections';
import { findItem, shopReducer } from './shop-state';
import { localComment, localOption } from './shop-model';

const product = (id: string, title = `Product ${id}`): Product => ({
  _id: id,
  title,
  url: `https://shop.example.com/${id}`,
  image: `/api/files/${id}`,
  priceCents: 12_900,
  currency: 'USD',
  hostname: 'shop.example.com',
  manual: false,
  canEdit: false,
});

const option = (id: string, position: Option['position'] = 'not_selected'): Option => ({
  id,
  productId: `p-${id}`,
  product: product(`p-${id}`),
  position,
  addedBy: 'Casey',
  canRemove: true,
  chosenBy: null,
  chosenAt: null,
});

const item = (id: string, options: Option[] = []): SelectionItem => ({
  id,
  groupId: 'g1',
  name: `Item ${id}`,
  note: '',
  costCents: 50_000,
  options,
  comments: [],
});

const page = (...items: SelectionItem[]): SelectionsPage => ({
  proposalId: 'prop',
  projectName: 'Kitchen',
  currency: 'USD',
  access: { role: 'public', canEdit: false },
  canShop: false,
  canEditNotes: false,
  commentEmails: null,
  groups: [
    { id: 'g1', name: 'Kitchen Module', items },
    { id: 'g2', name: 'Bathroom Module', items: [item('other', [option('x')])] },
  ],
});

const optionsOf = (p: SelectionsPage, itemId: string) => findItem(p, itemId)?.options ?? [];
const positions = (p: SelectionsPage, itemId: string) =>
  optionsOf(p, itemId).map((o) => `${o.id}:${o.position}`);

describe('shop reducer: positions (§4 cycle)', () => {
  it('sets a position on the option of that item only', () => {
    const start = page(item('sink', [option('a'), option('b')]));
    const next = shopReducer(start, {
      type: 'setPosition',
      itemId: 'sink',
      optionId: 'a',
      position: 'liked',
    });
    expect(positions(next, 'sink')).toEqual(['a:liked', 'b:not_selected']);
    expect(positions(next, 'other')).toEqual(['x:not_selected']);
  });

  it('keeps one Chosen per item: the previous Chosen becomes Liked', () => {
    const start = page(item('sink', [option('a', 'chosen'), option('b', 'liked')]));
    const next = shopReducer(start, {
      type: 'setPosition',
      itemId: 'sink',
      optionId: 'b',
      position: 'chosen',
    });
    expect(positions(next, 'sink')).toEqual(['a:liked', 'b:chosen']);
  });

  it('names the chooser of the new Chosen and clears the demoted one (decision 0091)', () => {
    const hana = { name: 'Hana Ng', role: 'homeowner' as const, mine: false };
    const start = page(
      item('sink', [{ ...option('a', 'chosen'), chosenBy: hana, chosenAt: 5 }, option('b')]),
    );
    const me = { name: 'Casey', role: 'owner' as const, mine: true };
    const next = shopReducer(start, {
      type: 'setPosition',
      itemId: 'sink',
      optionId: 'b',
      position: 'chosen',
      chooser: { by: me, at: 9 },
    });
    expect(optionsOf(next, 'sink').map((o) => [o.position, o.chosenBy, o.chosenAt])).toEqual([
      ['liked', null, null],
      ['chosen', me, 9],
    ]);
  });

  it('leaves the page untouched for an unknown option', () => {
    const start = page(item('sink', [option('a')]));
    const next = shopReducer(start, {
      type: 'setPosition',
      itemId: 'sink',
      optionId: 'nope',
      position: 'chosen',
    });
    expect(next).toBe(start);
  });
});

describe('shop reducer: order and removal', () => {
  it('reorders to the given ids', () => {
    const start = page(item('sink', [option('a'), option('b'), option('c')]));
    const next = shopReducer(start, {
      type: 'reorder',
      itemId: 'sink',
      optionIds: ['c', 'a', 'b'],
    });
    expect(optionsOf(next, 'sink').map((o) => o.id)).toEqual(['c', 'a', 'b']);
  });

  it('keeps options a stale order does not name, after the named ones', () => {
    const start = page(item('sink', [option('a'), option('b'), option('c')]));
    const next = shopReducer(start, { type: 'reorder', itemId: 'sink', optionIds: ['b', 'gone'] });
    expect(optionsOf(next, 'sink').map((o) => o.id)).toEqual(['b', 'a', 'c']);
  });

  it('removes one option', () => {
    const start = page(item('sink', [option('a'), option('b')]));
    const next = shopReducer(start, { type: 'remove', itemId: 'sink', optionId: 'a' });
    expect(optionsOf(next, 'sink').map((o) => o.id)).toEqual(['b']);
  });

  it("replaces an item's options with the server's list", () => {
    const start = page(item('sink', [option('a'), option('b')]));
    const reply = [option('b', 'chosen')];
    const next = shopReducer(start, { type: 'replaceOptions', itemId: 'sink', options: reply });
    expect(optionsOf(next, 'sink')).toEqual(reply);
  });
});

describe('shop reducer: adding', () => {
  it('appends a catalogue product as a new, not selected option', () => {
    const start = page(item('sink', [option('a')]));
    const added = localOption(product('cat-1', 'Farmhouse sink'), 'Casey', 'local-1');
    const next = shopReducer(start, { type: 'addOption', itemId: 'sink', option: added });
    expect(optionsOf(next, 'sink').map((o) => [o.product.title, o.position])).toEqual([
      ['Product p-a', 'not_selected'],
      ['Farmhouse sink', 'not_selected'],
    ]);
  });

  it('drops a product that is already an option of the item', () => {
    const start = page(item('sink', [option('a')]));
    const duplicate = localOption(product('p-a'), 'Casey', 'local-2');
    const next = shopReducer(start, { type: 'addOption', itemId: 'sink', option: duplicate });
    expect(next).toBe(start);
  });

  it('allows the same product on a different item', () => {
    const start = page(item('sink', [option('a')]), item('faucet'));
    const same = localOption(product('p-a'), 'Casey', 'local-3');
    const next = shopReducer(start, { type: 'addOption', itemId: 'faucet', option: same });
    expect(optionsOf(next, 'faucet')).toHaveLength(1);
  });

  it('updates an edited product on every option that shows it', () => {
    const shared = option('a');
    const start = page(item('sink', [shared]), item('faucet', [{ ...shared, id: 'a2' }]));
    const edited = { ...shared.product, title: 'Renamed', priceCents: 9_900 };
    const next = shopReducer(start, { type: 'replaceProduct', product: edited });
    expect(optionsOf(next, 'sink')[0]?.product.title).toBe('Renamed');
    expect(optionsOf(next, 'faucet')[0]?.product.priceCents).toBe(9_900);
  });
});

describe('shop reducer: comments and notes', () => {
  it('adds a local comment at the end, with the author when known', () => {
    const start = page(item('sink'));
    const comment = localComment('  Love the matte one  ', null, 1_700_000_000_000, 'local-c1');
    const next = shopReducer(start, { type: 'addComment', itemId: 'sink', comment });
    expect(findItem(next, 'sink')?.comments).toEqual([
      {
        id: 'local-c1',
        content: 'Love the matte one',
        createdAt: 1_700_000_000_000,
        email: '',
        authorName: 'You',
        mine: true,
        editedAt: null,
        version: 1,
        canEdit: true,
        canDelete: true,
      },
    ]);
  });

  it('replaces an edited comment in place and removes a deleted one (decision 0095)', () => {
    const a = localComment('First', null, 1, 'c1');
    const b = localComment('Second', null, 2, 'c2');
    let next = shopReducer(page(item('sink')), { type: 'addComment', itemId: 'sink', comment: a });
    next = shopReducer(next, { type: 'addComment', itemId: 'sink', comment: b });
    const edited = { ...a, content: 'First, edited', editedAt: 3, version: 2 };
    next = shopReducer(next, { type: 'replaceComment', itemId: 'sink', comment: edited });
    expect(findItem(next, 'sink')?.comments).toEqual([edited, b]);
    next = shopReducer(next, { type: 'removeComment', itemId: 'sink', commentId: 'c1' });
    expect(findItem(next, 'sink')?.comments).toEqual([b]);
    // Gone meanwhile (deleted in another tab): an edit's late reply does not bring it back.
    const again = shopReducer(next, { type: 'replaceComment', itemId: 'sink', comment: edited });
    expect(again).toBe(next);
    expect(shopReducer(next, { type: 'removeComment', itemId: 'sink', commentId: 'c1' })).toBe(
      next,
    );
  });

  it('does not add the same comment twice', () => {
    const comment = localComment('Hi', { name: 'Ho', email: 'ho@example.com' }, 1, 'c1');
    const once = shopReducer(page(item('sink')), { type: 'addComment', itemId: 'sink', comment });
    const twice = shopReducer(once, { type: 'addComment', itemId: 'sink', comment });
    expect(findItem(twice, 'sink')?.comments).toHaveLength(1);
  });

  it('sets an item note', () => {
    const next = shopReducer(page(item('sink')), {
      type: 'setNote',
      itemId: 'sink',
      note: 'Matte',
    });
    expect(findItem(next, 'sink')?.note).toBe('Matte');
  });
});

describe('shop reducer: comment e-mails (decision 0097)', () => {
  it("sets the caller's setting as saved", () => {
    const on = { ...page(item('sink')), commentEmails: true };
    const off = shopReducer(on, { type: 'setCommentEmails', receiving: false });
    expect(off.commentEmails).toBe(false);
    expect(shopReducer(off, { type: 'setCommentEmails', receiving: true }).commentEmails).toBe(
      true,
    );
  });

  it('keeps the same page when nothing changes, and gives a reader without it none', () => {
    const on = { ...page(item('sink')), commentEmails: true };
    expect(shopReducer(on, { type: 'setCommentEmails', receiving: true })).toBe(on);
    const publicPage = page(item('sink'));
    expect(shopReducer(publicPage, { type: 'setCommentEmails', receiving: false })).toBe(
      publicPage,
    );
  });
});

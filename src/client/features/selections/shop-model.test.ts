import { describe, expect, it } from 'vitest';
import type { SelectionItem, SelectionsPage } from '../../../shared/schemas/selections';
import {
  catalogueSearchHref,
  filterCounts,
  firstScreenGroupCount,
  FIRST_SCREEN_ITEMS,
  groupIdOf,
  itemStatus,
  matchesFilter,
  isLocalId,
  localProduct,
  nextLocalId,
  shopProgress,
  signinHref,
  suggestionsToShow,
  chosenByText,
} from './shop-model';

const item = (id: string, optionCount: number): SelectionItem => ({
  id,
  groupId: 'g',
  name: id,
  note: '',
  costCents: 0,
  options: Array.from({ length: optionCount }, (_, i) => ({
    id: `${id}-${i}`,
    productId: `${id}-p${i}`,
    product: {
      _id: `${id}-p${i}`,
      title: 't',
      url: '',
      image: '',
      priceCents: null,
      currency: null,
      hostname: '',
      manual: false,
      canEdit: false,
    },
    position: 'not_selected' as const,
    addedBy: null,
    canRemove: true,
    chosenBy: null,
    chosenAt: null,
  })),
  comments: [],
});

const page = (groups: SelectionItem[][]): SelectionsPage => ({
  proposalId: 'p',
  projectName: '',
  currency: 'USD',
  access: { role: 'owner', canEdit: true },
  canShop: true,
  canEditNotes: true,
  commentEmails: null,
  groups: groups.map((items, i) => ({ id: `g${i}`, name: `Group ${i}`, items })),
});

describe('shop progress (§2, same as the dashboard)', () => {
  it('is the share of items with at least one option, rounded up', () => {
    expect(shopProgress(page([[item('a', 1), item('b', 0)], [item('c', 3)]]))).toBe(67);
    expect(shopProgress(page([[item('a', 0), item('b', 0), item('c', 1)]]))).toBe(34);
  });

  it('is null when there is nothing to shop for', () => {
    expect(shopProgress(page([[]]))).toBeNull();
  });
});

describe('item status and filters (decision 0020)', () => {
  const chosen = (id: string) => {
    const it = item(id, 2);
    return {
      ...it,
      options: it.options.map((o, i) => (i === 1 ? { ...o, position: 'chosen' as const } : o)),
    };
  };

  it('is none, options or chosen', () => {
    expect(itemStatus(item('a', 0))).toBe('none');
    expect(itemStatus(item('a', 2))).toBe('options');
    expect(itemStatus(chosen('a'))).toBe('chosen');
  });

  it('counts every item once under All, and To choose holds the items without a chosen option', () => {
    const p = page([[item('a', 0), item('b', 1)], [chosen('c')]]);
    expect(filterCounts(p)).toEqual({ all: 3, toChoose: 2, chosen: 1 });
    expect(matchesFilter(item('a', 0), 'toChoose')).toBe(true);
    expect(matchesFilter(item('b', 1), 'toChoose')).toBe(true);
    expect(matchesFilter(chosen('c'), 'toChoose')).toBe(false);
    expect(matchesFilter(chosen('c'), 'chosen')).toBe(true);
    expect(matchesFilter(item('b', 1), 'chosen')).toBe(false);
    expect(matchesFilter(item('a', 0), 'all')).toBe(true);
  });
});

describe('links', () => {
  it('searches the catalogue for the item name', () => {
    expect(catalogueSearchHref(' Kitchen faucet & sprayer ')).toBe(
      '/allProducts/?searchTerms=Kitchen+faucet+%26+sprayer',
    );
  });

  it("compares the search in the proposal's currency", () => {
    expect(catalogueSearchHref('Range hood', 'EUR')).toBe(
      '/allProducts/?searchTerms=Range+hood&currency=EUR',
    );
  });

  it('logs in and comes back to the page and item', () => {
    expect(signinHref('/proposal/abc/selections/#aWQ=')).toBe(
      '/signin/?redirect=%2Fproposal%2Fabc%2Fselections%2F%23aWQ%3D',
    );
  });

  it('finds the group of an item', () => {
    const p = page([[item('a', 0)], [item('b', 0)]]);
    expect(groupIdOf(p, 'b')).toBe('g1');
    expect(groupIdOf(p, 'zzz')).toBeNull();
  });
});

describe('products made in the page', () => {
  it('gets a local id that never looks like a server id', () => {
    const a = nextLocalId();
    const b = nextLocalId();
    expect(a).not.toBe(b);
    expect(isLocalId(a)).toBe(true);
    expect(isLocalId('4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11')).toBe(false);
  });

  it('is built from the manual form, with the host of its URL', () => {
    const made = localProduct(
      {
        productName: '  Brass pull  ',
        productURL: 'https://Hardware.Example.com/pull',
        photoURL: '',
        imageFileId: '4b0e4a53-6a36-4a44-8c43-5a1e0c0f1a11',
        priceCents: 1_250,
        currency: null,
      },
      'blob:preview',
      'local-x',
    );
    expect(made).toEqual({
      product: {
        _id: 'local-x',
        title: 'Brass pull',
        url: 'https://Hardware.Example.com/pull',
        image: 'blob:preview',
        priceCents: 1_250,
        currency: null,
        hostname: 'hardware.example.com',
        manual: true,
        canEdit: true,
      },
    });
  });

  it('refuses a form the shared schema refuses, with its message', () => {
    const made = localProduct(
      {
        productName: '',
        productURL: 'javascript:alert(1)',
        priceCents: null,
        currency: null,
      },
      '',
      'local-y',
    );
    expect(made).toEqual({ error: 'Please enter product name' });
  });
});

describe('suggestions shown for an item', () => {
  const products = item('s', 4).options.map((o) => o.product);

  it('drops a product as soon as the item has it, keeping the others in their order', () => {
    const shown = suggestionsToShow(products, ['s-p1', 'elsewhere']);
    expect(shown.map((p) => p._id)).toEqual(['s-p0', 's-p2', 's-p3']);
  });

  it('is empty once every suggestion is an option', () => {
    expect(suggestionsToShow(products, ['s-p0', 's-p1', 's-p2', 's-p3'])).toEqual([]);
  });
});

describe('the groups of the first render (decision 0066)', () => {
  const everything = () => true;
  const groups = (...sizes: number[]) =>
    sizes.map((n, g) => ({ items: Array.from({ length: n }, (_, i) => item(`g${g}-${i}`, 0)) }));

  it('renders groups until they hold a first screen of items, then stops', () => {
    expect(firstScreenGroupCount(groups(5, 5, 5, 5), everything)).toBe(3);
    expect(firstScreenGroupCount(groups(FIRST_SCREEN_ITEMS, 1, 1), everything)).toBe(1);
    expect(firstScreenGroupCount(groups(40, 40), everything)).toBe(1);
  });

  it('renders every group of a small page, and none of an empty one', () => {
    expect(firstScreenGroupCount(groups(2, 3), everything)).toBe(2);
    expect(firstScreenGroupCount([], everything)).toBe(0);
  });

  it('counts only the items the filter shows', () => {
    const shownEven = (id: string) => Number(id.split('-')[1]) % 2 === 0;
    // 3 of each group's 6 items are shown: 12 are reached in the fourth group.
    expect(firstScreenGroupCount(groups(6, 6, 6, 6, 6), shownEven)).toBe(4);
  });
});

describe('whose choice (decision 0091)', () => {
  it.each([
    [{ name: 'Dora Designer', role: 'invitee', mine: false }, 'Chosen by Dora Designer'],
    [{ name: 'Hana Ng', role: 'homeowner', mine: false }, 'Chosen by Hana Ng (the homeowner)'],
    [{ name: 'Carla', role: 'owner', mine: false }, 'Chosen by Carla (the contractor)'],
    [{ name: ' ', role: 'homeowner', mine: false }, 'Chosen by the homeowner'],
    [{ name: '', role: 'invitee', mine: false }, 'Chosen by a team member'],
    [{ name: 'Hana Ng', role: 'homeowner', mine: true }, 'Chosen by you'],
  ] as const)('%j reads %s', (by, text) => {
    expect(chosenByText(by)).toBe(text);
  });
});

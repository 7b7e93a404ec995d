import type { ProposalCurrency } from '../../../shared/domain/currency';
import { hostnameOf, safeHref } from '../../../shared/domain/products';
import { shoppingPercent } from '../../../shared/domain/status';
import { paths } from '../../../shared/paths';
import {
  manualProductDataSchema,
  type ManualProductData,
  type Product,
} from '../../../shared/schemas/products';
import { choiceHolder, mayChangeChoice } from '../../../shared/domain/selections';
import type { ProposalAccess } from '../../../shared/schemas/proposal';
import type {
  ChosenBy,
  Comment,
  Option,
  SelectionItem,
  SelectionsPage,
} from '../../../shared/schemas/selections';

/* What the shop page derives from its data, and the records it makes up when nothing is saved. */

/** docs/product/selections.md progress bar: the dashboard's '{n}% Shopping' computation; null when nothing is to shop. */
export function shopProgress(page: SelectionsPage): number | null {
  return shoppingPercent(
    page.groups.flatMap((group) =>
      group.items.map((item) => ({ selection: true, optionCount: item.options.length })),
    ),
  );
}

/** Where an item stands (decision 0020): nothing to compare yet, options to choose from, or one chosen. */
export type ItemStatus = 'none' | 'options' | 'chosen';

export function itemStatus(item: Pick<SelectionItem, 'options'>): ItemStatus {
  if (item.options.some((o) => o.position === 'chosen')) return 'chosen';
  return item.options.length > 0 ? 'options' : 'none';
}

/** The shop page's filters: every item, the items still without a chosen option, the chosen. */
export type ShopFilter = 'all' | 'toChoose' | 'chosen';

export function matchesFilter(item: Pick<SelectionItem, 'options'>, filter: ShopFilter): boolean {
  if (filter === 'all') return true;
  return (itemStatus(item) === 'chosen') === (filter === 'chosen');
}

/** How many items each filter shows. */
export function filterCounts(page: SelectionsPage): Record<ShopFilter, number> {
  const items = page.groups.flatMap((group) => group.items);
  const chosen = items.filter((item) => itemStatus(item) === 'chosen').length;
  return { all: items.length, toChoose: items.length - chosen, chosen };
}

/**
 * Item cards that fill a first screen at any size: a phone shows three or four closed cards
 * under the header, a large screen about ten. The groups up to the one that reaches this many
 * shown items are rendered first; the rest follow, off the first paint (decision 0066).
 */
export const FIRST_SCREEN_ITEMS = 12;

/** How many of `groups` (in order) the first render of the page shows: at least one. */
export function firstScreenGroupCount(
  groups: readonly Pick<SelectionsPage['groups'][number], 'items'>[],
  shown: (itemId: string) => boolean,
): number {
  let items = 0;
  for (let i = 0; i < groups.length; i++) {
    items += groups[i]!.items.filter((item) => shown(item.id)).length;
    if (items >= FIRST_SCREEN_ITEMS) return i + 1;
  }
  return groups.length;
}

/** The group holding an item, for opening its accordion. */
export function groupIdOf(page: SelectionsPage, itemId: string): string | null {
  return page.groups.find((g) => g.items.some((i) => i.id === itemId))?.id ?? null;
}

/**
 * The suggestions to show for an item: the last list fetched, less the products the item has now.
 * The list fetched for the old options stays on screen while the new one loads, so a product
 * just added leaves its tile at once and the rest do not jump.
 */
export function suggestionsToShow(
  products: readonly Product[],
  productIds: readonly string[],
): Product[] {
  const taken = new Set(productIds);
  return products.filter((product) => !taken.has(product._id));
}

/**
 * The catalogue searched for an item's name (the catalogue page reads `searchTerms`), comparing
 * prices in the proposal's currency when there is one (decision 0021).
 */
export function catalogueSearchHref(itemName: string, currency?: ProposalCurrency | null): string {
  const query = new URLSearchParams({ searchTerms: itemName.trim() });
  if (currency) query.set('currency', currency);
  return `${paths.allProducts()}?${query.toString()}`;
}

/** Log In that comes back to this page. */
export function signinHref(currentPath: string): string {
  return `${paths.signin()}?redirect=${encodeURIComponent(currentPath)}`;
}

/*
 * Records made in the page for a visitor whose changes are not saved. Their ids start with
 * 'local-' so they can never be mistaken for (or sent as) server ids.
 */

const LOCAL_PREFIX = 'local-';
let localCounter = 0;

export function nextLocalId(): string {
  localCounter += 1;
  return `${LOCAL_PREFIX}${Date.now().toString(36)}-${localCounter}`;
}

export const isLocalId = (id: string) => id.startsWith(LOCAL_PREFIX);

export function localOption(product: Product, addedBy: string | null, id: string): Option {
  // Made in this page, so this page may take it away again.
  return {
    id,
    productId: product._id,
    product,
    position: 'not_selected',
    addedBy,
    canRemove: true,
    chosenBy: null,
    chosenAt: null,
  };
}

export function localComment(
  content: string,
  author: { name: string; email: string } | null,
  createdAt: number,
  id: string,
): Comment {
  return {
    id,
    content: content.trim(),
    createdAt,
    email: author?.email ?? '',
    authorName: author?.name ?? 'You',
    mine: true,
    editedAt: null,
    version: 1,
    // Kept in the page, so this page may change it and take it away again.
    canEdit: true,
    canDelete: true,
  };
}

/**
 * A hand-entered product kept in the page. `image` is what the browser can show for it (the
 * uploaded photo's local preview), '' when there is none this site may load.
 */
export function localProduct(
  data: ManualProductData,
  image: string,
  id: string,
): { product: Product } | { error: string } {
  const parsed = manualProductDataSchema.safeParse(data);
  if (!parsed.success) return { error: parsed.error.issues[0]?.message ?? 'Invalid product.' };
  const d = parsed.data;
  const url = safeHref(d.productURL) ?? '';
  return {
    product: {
      _id: id,
      title: d.productName,
      url,
      image,
      priceCents: d.priceCents,
      currency: d.currency,
      hostname: hostnameOf(url),
      manual: true,
      canEdit: true,
    },
  };
}

/** A visitor's page-only copy: whatever they do stays in the page, so every option may go. */
export function pageOnlyCopy(page: SelectionsPage): SelectionsPage {
  return {
    ...page,
    groups: page.groups.map((group) => ({
      ...group,
      items: group.items.map((item) => ({
        ...item,
        options: item.options.map((option) => ({ ...option, canRemove: true })),
      })),
    })),
  };
}

const SIDE = { owner: 'the contractor', homeowner: 'the homeowner' } as const;

/**
 * Whose choice it is (decision 0091), named as the owner's activity names people: the
 * contractor's and the homeowner's side are said, an invitee is their name.
 */
export function chosenByText(by: ChosenBy): string {
  if (by.mine) return 'Chosen by you';
  const side = by.role === 'invitee' ? null : SIDE[by.role];
  const name = by.name.trim();
  if (!name) return `Chosen by ${side ?? 'a team member'}`;
  return `Chosen by ${name}${side ? ` (${side})` : ''}`;
}

/**
 * Whether this reader may change the item's choice (decision 0091); `role` null: a page-only
 * copy, where anything goes as nothing is saved.
 */
export function mayChooseIn(
  options: readonly Option[],
  role: ProposalAccess['role'] | null,
): boolean {
  return role === null || mayChangeChoice(role, choiceHolder(options));
}

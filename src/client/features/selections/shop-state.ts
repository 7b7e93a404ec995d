import { applyPosition } from '../../../shared/domain/selections';
import type { Product } from '../../../shared/schemas/products';
import type {
  ChosenBy,
  Comment,
  Option,
  Position,
  SelectionItem,
  SelectionsPage,
} from '../../../shared/schemas/selections';

/*
 * Every change the shop page makes to its data, as one pure reducer. A member's changes go through
 * it into the query cache (the server's reply, or an optimistic step before it); a visitor who
 * cannot save (logged out, or not on the proposal's team) keeps the whole page in it instead.
 */

export type ShopAction =
  | {
      type: 'setPosition';
      itemId: string;
      optionId: string;
      position: Position;
      /** Who chooses, shown until the server's reply names them (decision 0091). */
      chooser?: { by: ChosenBy; at: number };
    }
  | { type: 'reorder'; itemId: string; optionIds: readonly string[] }
  | { type: 'remove'; itemId: string; optionId: string }
  | { type: 'addOption'; itemId: string; option: Option }
  | { type: 'replaceOptions'; itemId: string; options: Option[] }
  | { type: 'replaceProduct'; product: Product }
  | { type: 'addComment'; itemId: string; comment: Comment }
  /** An edit (decision 0095): the comment as saved; nothing when it is gone meanwhile. */
  | { type: 'replaceComment'; itemId: string; comment: Comment }
  | { type: 'removeComment'; itemId: string; commentId: string }
  | { type: 'setNote'; itemId: string; note: string }
  /** Decision 0097: the caller's comment e-mails as saved; nothing for a reader without them. */
  | { type: 'setCommentEmails'; receiving: boolean };

function mapItem(
  page: SelectionsPage,
  itemId: string,
  change: (item: SelectionItem) => SelectionItem,
): SelectionsPage {
  let changed = false;
  const groups = page.groups.map((group) => {
    if (!group.items.some((item) => item.id === itemId)) return group;
    return {
      ...group,
      items: group.items.map((item) => {
        if (item.id !== itemId) return item;
        const next = change(item);
        if (next !== item) changed = true;
        return next;
      }),
    };
  });
  return changed ? { ...page, groups } : page;
}

const withOptions = (item: SelectionItem, options: Option[]): SelectionItem => ({
  ...item,
  options,
});

/** The options in the order of `optionIds`; ids it does not name keep their place at the end. */
function ordered(options: readonly Option[], optionIds: readonly string[]): Option[] {
  const byId = new Map(options.map((o) => [o.id, o]));
  const named = optionIds.flatMap((id) => {
    const option = byId.get(id);
    return option ? [option] : [];
  });
  const rest = options.filter((o) => !optionIds.includes(o.id));
  return [...named, ...rest];
}

/** The position set, and each option's chooser as it now is: only a Chosen one has one. */
function withChoosers(
  options: readonly Option[],
  action: Extract<ShopAction, { type: 'setPosition' }>,
): Option[] {
  return applyPosition(options, action.optionId, action.position).map((o, i) => {
    if (o.position !== 'chosen') {
      return o.chosenBy === null && o.chosenAt === null
        ? o
        : { ...o, chosenBy: null, chosenAt: null };
    }
    // Chosen now, and not before: the one who chose it.
    if (o.id === action.optionId && options[i]?.position !== 'chosen') {
      return {
        ...o,
        chosenBy: action.chooser?.by ?? null,
        chosenAt: action.chooser?.at ?? null,
      };
    }
    return o;
  });
}

export function shopReducer(page: SelectionsPage, action: ShopAction): SelectionsPage {
  switch (action.type) {
    case 'setPosition':
      return mapItem(page, action.itemId, (item) =>
        item.options.some((o) => o.id === action.optionId)
          ? withOptions(item, withChoosers(item.options, action))
          : item,
      );
    case 'reorder':
      return mapItem(page, action.itemId, (item) =>
        withOptions(item, ordered(item.options, action.optionIds)),
      );
    case 'remove':
      return mapItem(page, action.itemId, (item) =>
        item.options.some((o) => o.id === action.optionId)
          ? withOptions(
              item,
              item.options.filter((o) => o.id !== action.optionId),
            )
          : item,
      );
    case 'addOption':
      // docs/product/selections.md: a product already on the item is not added twice.
      return mapItem(page, action.itemId, (item) =>
        item.options.some(
          (o) => o.id === action.option.id || o.productId === action.option.productId,
        )
          ? item
          : withOptions(item, [...item.options, action.option]),
      );
    case 'replaceOptions':
      return mapItem(page, action.itemId, (item) => withOptions(item, action.options));
    case 'replaceProduct': {
      const { product } = action;
      const groups = page.groups.map((group) => ({
        ...group,
        items: group.items.map((item) =>
          item.options.some((o) => o.productId === product._id)
            ? withOptions(
                item,
                item.options.map((o) => (o.productId === product._id ? { ...o, product } : o)),
              )
            : item,
        ),
      }));
      return { ...page, groups };
    }
    case 'addComment':
      return mapItem(page, action.itemId, (item) =>
        item.comments.some((c) => c.id === action.comment.id)
          ? item
          : { ...item, comments: [...item.comments, action.comment] },
      );
    case 'replaceComment':
      return mapItem(page, action.itemId, (item) =>
        item.comments.some((c) => c.id === action.comment.id)
          ? {
              ...item,
              comments: item.comments.map((c) => (c.id === action.comment.id ? action.comment : c)),
            }
          : item,
      );
    case 'removeComment':
      return mapItem(page, action.itemId, (item) =>
        item.comments.some((c) => c.id === action.commentId)
          ? { ...item, comments: item.comments.filter((c) => c.id !== action.commentId) }
          : item,
      );
    case 'setNote':
      return mapItem(page, action.itemId, (item) =>
        item.note === action.note ? item : { ...item, note: action.note },
      );
    case 'setCommentEmails':
      return page.commentEmails === null || page.commentEmails === action.receiving
        ? page
        : { ...page, commentEmails: action.receiving };
  }
}

/** The item with this id, wherever it is. */
export function findItem(page: SelectionsPage, itemId: string): SelectionItem | undefined {
  for (const group of page.groups) {
    const item = group.items.find((i) => i.id === itemId);
    if (item) return item;
  }
  return undefined;
}

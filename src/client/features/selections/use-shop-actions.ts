import { useRef } from 'react';
import { nextPosition, POSITION_LABELS } from '../../../shared/domain/selections';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import type { Option } from '../../../shared/schemas/selections';
import type { User } from '../../../shared/schemas/auth';
import { useUpdateProduct } from '../products/api';
import { selectionsApi } from './api';
import { findItem } from './shop-state';
import { isLocalId, localComment, localProduct, nextLocalId } from './shop-model';
import { isConflict, messageOf, type ShopMessages } from './use-shop-messages';
import type { ShopStore } from './use-shop-store';

export interface ShopActions {
  cyclePosition: (itemId: string, option: Option) => void;
  reorder: (itemId: string, optionIds: string[]) => void;
  /** Rejects with the reason, so the confirmation can show it and stay open. */
  remove: (itemId: string, optionId: string) => Promise<void>;
  editProduct: (product: Product, data: ManualProductData) => Promise<void>;
  addComment: (itemId: string, content: string) => Promise<void>;
  saveNote: (itemId: string, note: string, expected: string) => Promise<void>;
}

/**
 * Ranking, ordering, removing, editing, comments and notes. For members each change is saved and
 * the server's reply replaces the item's options; position and order change on screen first and
 * go back, with a message, when the save fails.
 */
export function useShopActions(store: ShopStore, messages: ShopMessages, user: User | null) {
  const { apply, local, current, reload, markProposalStale } = store;
  const { notify, dismiss, announce } = messages;
  const proposalId = store.page.proposalId;
  const updateProduct = useUpdateProduct();
  // The latest save per item: an older reply arriving late must not undo a newer change.
  const latest = useRef(new Map<string, number>());
  const begin = (itemId: string) => {
    const n = (latest.current.get(itemId) ?? 0) + 1;
    latest.current.set(itemId, n);
    return () => latest.current.get(itemId) === n;
  };

  /** Shows a change now, saves it, and keeps the server's version or goes back on failure. */
  const saveOptimistically = (
    itemId: string,
    change: () => void,
    save: () => ReturnType<typeof selectionsApi.reorder>,
    failure: string,
  ) => {
    const before = findItem(current(), itemId)?.options;
    dismiss(itemId);
    change();
    const isLatest = begin(itemId);
    save().then(
      (reply) => {
        if (isLatest()) apply({ type: 'replaceOptions', itemId, options: reply.options });
      },
      (err: unknown) => {
        notify(itemId, messageOf(err, failure));
        if (isConflict(err) || !isLatest() || !before) void reload();
        else apply({ type: 'replaceOptions', itemId, options: before });
      },
    );
  };

  const actions: ShopActions = {
    cyclePosition(itemId, option) {
      const position = nextPosition(option.position);
      const change = () => apply({ type: 'setPosition', itemId, optionId: option.id, position });
      announce(`${option.product.title}: ${POSITION_LABELS[position]}.`);
      if (local) return change();
      saveOptimistically(
        itemId,
        change,
        () => selectionsApi.setPosition(proposalId, option.id, position),
        'Your choice could not be saved. Please try again.',
      );
    },

    reorder(itemId, optionIds) {
      const change = () => apply({ type: 'reorder', itemId, optionIds });
      if (local) return change();
      saveOptimistically(
        itemId,
        change,
        () => selectionsApi.reorder(proposalId, itemId, optionIds),
        'The new order could not be saved. Please try again.',
      );
    },

    async remove(itemId, optionId) {
      if (local) {
        apply({ type: 'remove', itemId, optionId });
      } else {
        try {
          const reply = await selectionsApi.removeOption(proposalId, optionId);
          apply({ type: 'replaceOptions', itemId, options: reply.options });
          markProposalStale();
        } catch (err) {
          throw new Error(messageOf(err, 'The option could not be removed. Please try again.'), {
            cause: err,
          });
        }
      }
      announce('Option removed.');
    },

    async editProduct(product, data) {
      if (isLocalId(product._id)) {
        const made = localProduct(data, product.image, product._id);
        if ('error' in made) throw new Error(made.error);
        apply({ type: 'replaceProduct', product: made.product });
      } else {
        const saved = await updateProduct.mutateAsync({ id: product._id, data });
        apply({ type: 'replaceProduct', product: saved });
      }
      announce('Product updated.');
    },

    async addComment(itemId, content) {
      if (local) {
        const author = user ? { name: user.name, email: user.email } : null;
        apply({
          type: 'addComment',
          itemId,
          comment: localComment(content, author, Date.now(), nextLocalId()),
        });
        return;
      }
      const comment = await selectionsApi.addComment(proposalId, itemId, content);
      apply({ type: 'addComment', itemId, comment });
    },

    async saveNote(itemId, note, expected) {
      if (local) {
        apply({ type: 'setNote', itemId, note });
        return;
      }
      const reply = await selectionsApi.updateNote(proposalId, itemId, note, expected);
      apply({ type: 'setNote', itemId, note: reply.note });
      markProposalStale();
    },
  };
  return actions;
}

import { nextPosition, POSITION_LABELS } from '../../../shared/domain/selections';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import type { Comment, Option } from '../../../shared/schemas/selections';
import type { User } from '../../../shared/schemas/auth';
import { useUpdateProduct } from '../products/api';
import { selectionsApi } from './api';
import { findItem } from './shop-state';
import { isLocalId, localComment, localProduct, mayChooseIn, nextLocalId } from './shop-model';
import type { LocalImages } from './use-local-images';
import { isConflict, isOutOfDate, type ShopMessages } from './use-shop-messages';
import { errorText } from '../../lib/error-text';
import type { ShopStore } from './use-shop-store';

export interface ShopActions {
  cyclePosition: (itemId: string, option: Option) => void;
  reorder: (itemId: string, optionIds: string[]) => void;
  /** Rejects with the reason, so the confirmation can show it and stay open. */
  remove: (itemId: string, optionId: string) => Promise<void>;
  /** `localImage`: the photo chosen for a product kept in the page (an object URL). */
  editProduct: (product: Product, data: ManualProductData, localImage?: string) => Promise<void>;
  /** Replaces a shared product with corrected details for this proposal (decision 0011). */
  fixProduct: (itemId: string, option: Option, data: ManualProductData) => Promise<void>;
  addComment: (itemId: string, content: string) => Promise<void>;
  /** Decision 0095: rejects with the reason (its message), so the editor shows it, text kept. */
  editComment: (itemId: string, comment: Comment, content: string) => Promise<void>;
  /** Rejects with the reason (its message), so the confirmation shows it and stays open. */
  deleteComment: (itemId: string, comment: Comment) => Promise<void>;
  /** Rejects with a NoteConflict carrying the stored note when someone else changed it. */
  saveNote: (itemId: string, note: string, expected: string) => Promise<void>;
}

/** The note changed under the editor; `latest` is the stored one, loaded again. */
export class NoteConflict extends Error {
  constructor(
    message: string,
    readonly latest: string,
  ) {
    super(message);
    this.name = 'NoteConflict';
  }
}

export const NOTE_CONFLICT =
  'Someone else changed this note while you were editing. Save again to replace it with yours, or Cancel to see theirs.';

export const COMMENT_EDIT_CONFLICT =
  'This comment was changed in another window while you were editing. Save again to replace it with your text, or Cancel to see it as it is now.';
export const COMMENT_DELETE_CONFLICT =
  'This comment was changed in another window meanwhile. Delete it as it is now?';
const COMMENT_GONE_EDITING = 'The comment you were editing was deleted meanwhile.';
const NOT_SAVED = 'Your comment could not be saved. Please try again.';
const NOT_DELETED = 'The comment could not be deleted. Please try again.';

/**
 * Ranking, ordering, removing, editing, comments and notes. For members each change is saved and
 * the server's reply replaces the item's options; position and order change on screen first and
 * go back, with a message, when the save fails. One item's calls go out one at a time.
 */
export function useShopActions(
  store: ShopStore,
  messages: ShopMessages,
  user: User | null,
  localImages: LocalImages,
) {
  const { apply, applySaved, local, current, reload, cancelReload, markProposalStale, queue } =
    store;
  const { notify, dismiss, announce } = messages;
  const proposalId = store.page.proposalId;
  const updateProduct = useUpdateProduct();

  /** Shows a change now, saves it, and keeps the server's version or goes back on failure. */
  const saveOptimistically = async (
    itemId: string,
    change: () => void,
    save: () => ReturnType<typeof selectionsApi.reorder>,
    failure: string,
  ) => {
    dismiss(itemId);
    // A reload still on its way holds the page from before this change and would undo it.
    await cancelReload();
    const before = findItem(current(), itemId)?.options;
    change();
    const isLatest = queue.begin(itemId);
    try {
      const reply = await queue.run(itemId, save);
      if (isLatest()) apply({ type: 'replaceOptions', itemId, options: reply.options });
    } catch (err) {
      notify(itemId, errorText(err, failure));
      if (isOutOfDate(err) || !isLatest() || !before) void reload();
      else apply({ type: 'replaceOptions', itemId, options: before });
    }
  };

  /** A product photo kept in the page is let go once no option shows it any more. */
  const releaseUnusedImage = (image: string) => {
    const inUse = current().groups.some((group) =>
      group.items.some((item) => item.options.some((o) => o.product.image === image)),
    );
    if (!inUse) localImages.release(image);
  };

  const actions: ShopActions = {
    cyclePosition(itemId, pressed) {
      // As the page holds it now: a second press before the first has rendered goes on from it.
      const option =
        findItem(current(), itemId)?.options.find((o) => o.id === pressed.id) ?? pressed;
      const item = findItem(current(), itemId);
      const role = store.page.access.role;
      const position = nextPosition(
        option.position,
        mayChooseIn(item?.options ?? [], local ? null : role),
      );
      // Nothing to change: a choice this reader may not undo (decision 0091).
      if (position === option.position) return;
      const chooser =
        local || role === 'public'
          ? undefined
          : { by: { name: user?.name ?? '', role, mine: true }, at: Date.now() };
      const change = () =>
        apply({ type: 'setPosition', itemId, optionId: option.id, position, chooser });
      announce(`${option.product.title}: ${POSITION_LABELS[position]}.`);
      if (local) return change();
      // What this screen showed: the queue sends one item's calls in turn, so it is what the
      // server holds unless someone else changed it.
      const expected = option.position;
      const expectedChosen =
        findItem(current(), itemId)?.options.find((o) => o.position === 'chosen')?.id ?? null;
      void saveOptimistically(
        itemId,
        change,
        () => selectionsApi.setPosition(proposalId, option.id, position, expected, expectedChosen),
        'Your choice could not be saved. Please try again.',
      );
    },

    reorder(itemId, optionIds) {
      const change = () => apply({ type: 'reorder', itemId, optionIds });
      if (local) return change();
      const expected = (findItem(current(), itemId)?.options ?? []).map((o) => o.id);
      void saveOptimistically(
        itemId,
        change,
        () => selectionsApi.reorder(proposalId, itemId, optionIds, expected),
        'The new order could not be saved. Please try again.',
      );
    },

    async remove(itemId, optionId) {
      if (local) {
        const image = findItem(current(), itemId)?.options.find((o) => o.id === optionId)?.product
          .image;
        apply({ type: 'remove', itemId, optionId });
        if (image) releaseUnusedImage(image);
      } else {
        // What the screen shows now: after a refusal the page is read again, so a second
        // confirmation removes the option as it is.
        const shown = findItem(current(), itemId)?.options.find((o) => o.id === optionId);
        const isLatest = queue.begin(itemId);
        try {
          const reply = await queue.run(itemId, () =>
            selectionsApi.removeOption(proposalId, optionId, shown?.position ?? 'not_selected'),
          );
          // A later change's reply carries this removal too; until it comes, drop the option.
          await applySaved(
            isLatest()
              ? { type: 'replaceOptions', itemId, options: reply.options }
              : { type: 'remove', itemId, optionId },
          );
          markProposalStale();
        } catch (err) {
          if (isOutOfDate(err)) void reload();
          throw new Error(errorText(err, 'The option could not be removed. Please try again.'), {
            cause: err,
          });
        }
      }
      announce('Option removed.');
    },

    async editProduct(product, data, localImage) {
      if (isLocalId(product._id)) {
        const made = localProduct(data, localImage ?? '', product._id);
        if ('error' in made) throw new Error(made.error);
        apply({ type: 'replaceProduct', product: made.product });
        if (product.image && product.image !== made.product.image) {
          releaseUnusedImage(product.image);
        }
      } else {
        const saved = await updateProduct.mutateAsync({ product, data }).catch((err: unknown) => {
          // Changed in another window meanwhile: the form says so, the page shows that change.
          if (isOutOfDate(err)) void reload();
          throw err;
        });
        await applySaved({ type: 'replaceProduct', product: saved });
      }
      announce('Product updated.');
    },

    async fixProduct(itemId, option, data) {
      dismiss(itemId);
      await cancelReload();
      const isLatest = queue.begin(itemId);
      const reply = await queue
        .run(itemId, () => selectionsApi.fixProduct(proposalId, option.id, data))
        .catch((err: unknown) => {
          // Fixed or removed by someone else meanwhile: the form says so, the page shows it.
          if (isOutOfDate(err)) void reload();
          throw err;
        });
      if (isLatest()) apply({ type: 'replaceOptions', itemId, options: reply.options });
      else void reload();
      announce('Product details saved for this proposal.');
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
      await applySaved({ type: 'addComment', itemId, comment });
    },

    async editComment(itemId, comment, content) {
      if (local) {
        const edited = { ...comment, content, editedAt: Date.now(), version: comment.version + 1 };
        apply({ type: 'replaceComment', itemId, comment: edited });
      } else {
        // The version this screen shows: edited meanwhile (another tab), it is refused with 409.
        const shown = findItem(current(), itemId)?.comments.find((c) => c.id === comment.id);
        try {
          const saved = await selectionsApi.editComment(
            proposalId,
            comment.id,
            content,
            (shown ?? comment).version,
          );
          await applySaved({ type: 'replaceComment', itemId, comment: saved });
        } catch (err) {
          if (isOutOfDate(err)) {
            // Read again: a second Save is checked against the text as it is now.
            await reload();
            const gone = !findItem(current(), itemId)?.comments.some((c) => c.id === comment.id);
            if (gone) notify(itemId, COMMENT_GONE_EDITING);
          }
          const reason = isConflict(err) ? COMMENT_EDIT_CONFLICT : errorText(err, NOT_SAVED);
          throw new Error(reason, { cause: err });
        }
      }
      announce('Comment saved.');
    },

    async deleteComment(itemId, comment) {
      if (local) {
        apply({ type: 'removeComment', itemId, commentId: comment.id });
      } else {
        try {
          await selectionsApi.deleteComment(proposalId, comment.id, comment.version);
          await applySaved({ type: 'removeComment', itemId, commentId: comment.id });
        } catch (err) {
          if (!isOutOfDate(err)) throw new Error(errorText(err, NOT_DELETED), { cause: err });
          await reload();
          const still = findItem(current(), itemId)?.comments.some((c) => c.id === comment.id);
          // Deleted meanwhile (another tab, or the owner): what was asked is done.
          if (still) {
            const reason = isConflict(err) ? COMMENT_DELETE_CONFLICT : errorText(err, NOT_DELETED);
            throw new Error(reason, { cause: err });
          }
        }
      }
      announce('Comment deleted.');
    },

    async saveNote(itemId, note, expected) {
      if (local) {
        apply({ type: 'setNote', itemId, note });
        return;
      }
      try {
        const reply = await selectionsApi.updateNote(proposalId, itemId, note, expected);
        await applySaved({ type: 'setNote', itemId, note: reply.note });
        markProposalStale();
      } catch (err) {
        if (!isConflict(err)) throw err;
        // Someone else saved first: load their note, so the next Save is checked against it.
        await reload();
        const latest = findItem(current(), itemId)?.note ?? expected;
        throw new NoteConflict(
          latest === expected ? errorText(err, NOTE_CONFLICT) : NOTE_CONFLICT,
          latest,
        );
      }
    },
  };
  return actions;
}

import { useState } from 'react';
import { hostnameOf } from '../../../shared/domain/products';
import type { User } from '../../../shared/schemas/auth';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import { ALREADY_ON_ITEM } from '../../../shared/schemas/selections';
import { clipProduct, createProduct } from '../products/api';
import { selectionsApi } from './api';
import { findItem } from './shop-state';
import { localOption, localProduct, nextLocalId } from './shop-model';
import type { LocalImages } from './use-local-images';
import { isAlreadyOnItem, isTooMany, type ShopMessages } from './use-shop-messages';
import { ApiRequestError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import type { ShopStore } from './use-shop-store';

export const LOGIN_TO_CLIP = 'Please log in to add products from a web page.';
export const FETCHING_PRODUCT = 'Fetching product…';
const ADD_FAILED = 'The product could not be added. Please try again.';

/** A card shown in an item's option list while its product is being fetched and added. */
export interface PendingOption {
  key: string;
  itemId: string;
  /** What is being fetched: the retailer's host or the product's title. */
  label: string;
}

export interface AddOptionHooks {
  /** Reading the page needs a login: the manual form, URL filled in, at once. */
  openManual: (itemId: string, url: string, description?: string) => void;
  /**
   * The page could not be read: the manual form with the link, once no other dialog is open
   * (the lookup ends while the person may be typing in another form). `name`: the page's title,
   * when the page gave nothing else (decision 0083).
   */
  offerManual: (itemId: string, url: string, name?: string) => void;
  /** A message to acknowledge before the next step. */
  showNotice: (message: string, then: () => void) => void;
}

let pendingCounter = 0;

/**
 * Adding options (docs/product/selections.md "Adding products"): by URL (clip, then attach), a catalogue product in one
 * click, or by hand. A loading card stands in for the option until it is there; it is dropped
 * when the add fails or the product is already on the item, and the user is told why.
 */
export function useAddOption(
  store: ShopStore,
  messages: ShopMessages,
  user: User | null,
  hooks: AddOptionHooks,
  localImages: LocalImages,
) {
  const { apply, applySaved, local, current, reload, markProposalStale, queue } = store;
  const { notify, dismiss, announce } = messages;
  const proposalId = store.page.proposalId;
  const [pending, setPending] = useState<PendingOption[]>([]);

  const startPending = (itemId: string, label: string) => {
    // A new attempt replaces the message about the last one.
    dismiss(itemId);
    pendingCounter += 1;
    const key = `pending-${pendingCounter}`;
    setPending((list) => [...list, { key, itemId, label }]);
    announce(`${FETCHING_PRODUCT} ${label}`);
    return () => setPending((list) => list.filter((p) => p.key !== key));
  };

  /** Puts a product on the item: saved for members, in the page otherwise. False: already there. */
  const attach = async (itemId: string, product: Product, groupId?: string): Promise<boolean> => {
    if (local) {
      // The page as changed so far, not as last rendered: a double click must not add it twice.
      const item = findItem(current(), itemId);
      if (item?.options.some((o) => o.productId === product._id)) {
        notify(itemId, ALREADY_ON_ITEM);
        return false;
      }
      apply({
        type: 'addOption',
        itemId,
        option: localOption(product, user?.name ?? null, nextLocalId()),
      });
    } else {
      // An earlier rank or order reply still on its way must not drop the new option.
      queue.begin(itemId);
      const option = await queue.run(itemId, () =>
        selectionsApi.addProduct(proposalId, {
          costGroupId: groupId,
          costItemId: itemId,
          productId: product._id,
        }),
      );
      await applySaved({ type: 'addOption', itemId, option });
      markProposalStale();
    }
    announce(`${product.title} added.`);
    return true;
  };

  /** False when the add failed and the link is worth keeping to try again. */
  const addByUrl = async (itemId: string, groupId: string, url: string): Promise<boolean> => {
    // Reading a retailer page is a server call for signed-in users only.
    if (!user) {
      hooks.showNotice(LOGIN_TO_CLIP, () =>
        hooks.openManual(itemId, url, 'Enter the details of the product from that page.'),
      );
      return true;
    }
    const done = startPending(itemId, hostnameOf(url) || url);
    let product: Product;
    try {
      product = await clipProduct(url);
    } catch (err) {
      done();
      // Refused for the pace (several of this person's pages still being fetched, or too many
      // lately): the page was never read, so the server's reason is said and the link kept to
      // try again.
      if (isTooMany(err)) {
        notify(itemId, errorText(err, ADD_FAILED));
        return false;
      }
      // One message for one failure: the manual form opens with the link and says the page
      // could not be read, right where the details are to be entered (decision 0020). A page
      // that gave only its title lends it as the name, so just the photo or price is left to add.
      const found = err instanceof ApiRequestError ? err.found : undefined;
      hooks.offerManual(itemId, url, found?.title);
      return true;
    }
    try {
      await attach(itemId, product, groupId);
      return true;
    } catch (err) {
      notify(itemId, errorText(err, ADD_FAILED));
      // Already an option of the item: nothing to try again with that link. Any other refusal
      // (the item full, say) keeps it.
      return isAlreadyOnItem(err);
    } finally {
      done();
    }
  };

  /** Resolves true when the product is now an option of the item. */
  const addCatalogueProduct = async (itemId: string, groupId: string, product: Product) => {
    const done = startPending(itemId, product.title);
    try {
      return await attach(itemId, product, groupId);
    } catch (err) {
      notify(itemId, errorText(err, ADD_FAILED));
      // Already an option of the item: nothing to try again with that link. Any other refusal
      // (the item full, say) keeps it.
      return isAlreadyOnItem(err);
    } finally {
      done();
    }
  };

  /**
   * Rejects with the reason, so the manual form stays open and shows it. `localImage` is the
   * photo of a product kept in the page (an object URL; nothing is uploaded then).
   */
  const addManual = async (itemId: string, data: ManualProductData, localImage?: string) => {
    if (local) {
      const made = localProduct(data, localImage ?? '', nextLocalId());
      if ('error' in made) throw new Error(made.error);
      if (localImage) localImages.keep(localImage);
      await attach(itemId, made.product);
      return;
    }
    // The server puts the new product on the item itself; the reload then shows it.
    queue.begin(itemId);
    const product = await queue.run(itemId, async () => {
      const created = await createProduct({
        manual: true,
        costItemId: itemId,
        manualProductData: data,
      });
      await reload();
      return created;
    });
    markProposalStale();
    announce(`${product.title} added.`);
  };

  return { pending, addByUrl, addCatalogueProduct, addManual };
}

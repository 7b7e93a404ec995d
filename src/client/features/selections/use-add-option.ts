import { useState } from 'react';
import { hostnameOf } from '../../../shared/domain/products';
import type { User } from '../../../shared/schemas/auth';
import type { ManualProductData, Product } from '../../../shared/schemas/products';
import { ALREADY_ON_ITEM } from '../../../shared/schemas/selections';
import { previewFor } from '../uploads/preview-cache';
import { clipProduct, createProduct } from '../products/api';
import { selectionsApi } from './api';
import { findItem } from './shop-state';
import { localOption, localProduct, nextLocalId } from './shop-model';
import { messageOf, type ShopMessages } from './use-shop-messages';
import type { ShopStore } from './use-shop-store';

export const LOGIN_TO_CLIP = 'Please log in to add products from a web page.';
const CLIP_FAILED = 'We could not read the product from that page. Please enter it by hand.';
const ADD_FAILED = 'The product could not be added. Please try again.';

/** A card shown in an item's option list while its product is being fetched and added. */
export interface PendingOption {
  key: string;
  itemId: string;
  /** What is being fetched: the retailer's host or the product's title. */
  label: string;
}

export interface AddOptionHooks {
  /** The page could not be read (or reading it needs a login): the manual form, URL filled in. */
  openManual: (itemId: string, url: string, description?: string) => void;
  /** A message to acknowledge before the next step. */
  showNotice: (message: string, then: () => void) => void;
}

let pendingCounter = 0;

/**
 * Adding options (§4 "Adding products"): by URL (clip, then attach), a catalogue product in one
 * click, or by hand. A loading card stands in for the option until it is there; it is dropped
 * when the add fails or the product is already on the item, and the user is told why.
 */
export function useAddOption(
  store: ShopStore,
  messages: ShopMessages,
  user: User | null,
  hooks: AddOptionHooks,
) {
  const { apply, local, current, reload, markProposalStale } = store;
  const { notify, dismiss, announce } = messages;
  const proposalId = store.page.proposalId;
  const [pending, setPending] = useState<PendingOption[]>([]);

  const startPending = (itemId: string, label: string) => {
    // A new attempt replaces the message about the last one.
    dismiss(itemId);
    pendingCounter += 1;
    const key = `pending-${pendingCounter}`;
    setPending((list) => [...list, { key, itemId, label }]);
    return () => setPending((list) => list.filter((p) => p.key !== key));
  };

  /** Puts a product on the item: saved for members, in the page otherwise. */
  const attach = async (itemId: string, product: Product, groupId?: string) => {
    if (local) {
      const item = findItem(current(), itemId);
      if (item?.options.some((o) => o.productId === product._id)) {
        notify(itemId, ALREADY_ON_ITEM);
        return;
      }
      apply({
        type: 'addOption',
        itemId,
        option: localOption(product, user?.name ?? null, nextLocalId()),
      });
    } else {
      const option = await selectionsApi.addProduct(proposalId, {
        costGroupId: groupId,
        costItemId: itemId,
        productId: product._id,
      });
      apply({ type: 'addOption', itemId, option });
      markProposalStale();
    }
    announce(`${product.title} added.`);
  };

  const addByUrl = async (itemId: string, groupId: string, url: string) => {
    // Reading a retailer page is a server call for signed-in users only.
    if (!user) {
      hooks.showNotice(LOGIN_TO_CLIP, () =>
        hooks.openManual(itemId, url, 'Enter the details of the product from that page.'),
      );
      return;
    }
    const done = startPending(itemId, hostnameOf(url) || url);
    let product: Product;
    try {
      product = await clipProduct(url);
    } catch (err) {
      done();
      notify(itemId, messageOf(err, CLIP_FAILED));
      hooks.openManual(itemId, url);
      return;
    }
    try {
      await attach(itemId, product, groupId);
    } catch (err) {
      notify(itemId, messageOf(err, ADD_FAILED));
    } finally {
      done();
    }
  };

  const addCatalogueProduct = async (itemId: string, groupId: string, product: Product) => {
    const done = startPending(itemId, product.title);
    try {
      await attach(itemId, product, groupId);
    } catch (err) {
      notify(itemId, messageOf(err, ADD_FAILED));
    } finally {
      done();
    }
  };

  /** Rejects with the reason, so the manual form stays open and shows it. */
  const addManual = async (itemId: string, data: ManualProductData) => {
    if (local) {
      const fileId = data.imageFileId ?? null;
      const image = fileId ? (previewFor(fileId) ?? '') : '';
      const made = localProduct(data, image, nextLocalId());
      if ('error' in made) throw new Error(made.error);
      await attach(itemId, made.product);
      return;
    }
    // The server puts the new product on the item itself.
    const product = await createProduct({
      manual: true,
      costItemId: itemId,
      manualProductData: data,
    });
    await reload();
    markProposalStale();
    announce(`${product.title} added.`);
  };

  return { pending, addByUrl, addCatalogueProduct, addManual };
}

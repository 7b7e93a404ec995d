import { useCallback, useState } from 'react';
import type { Product } from '../../../shared/schemas/products';
import type { Option } from '../../../shared/schemas/selections';

export interface ManualTarget {
  itemId: string;
  url: string;
  /** Why the form opened, when not for a failed lookup of `url`. */
  description?: string;
  /** The product name to start from: the title of a page that gave nothing else. */
  name?: string;
  /** A fresh form each time it opens. */
  key: number;
}

export interface FixTarget {
  itemId: string;
  option: Option;
}

export interface RemoveTarget {
  itemId: string;
  option: Option;
  pending: boolean;
  error: string | null;
}

export interface NoticeTarget {
  message: string;
  then: () => void;
}

let manualCounter = 0;

/**
 * Which of the shop page's dialogs is open, and for what. A manual form offered by a lookup that
 * failed in the background waits while any dialog is open (a form being typed in is never
 * replaced) and opens when they are all closed, one at a time.
 */
export function useShopDialogs() {
  const [opened, setOpened] = useState<ManualTarget | null>(null);
  const [offered, setOffered] = useState<ManualTarget[]>([]);
  const [edit, setEdit] = useState<Product | null>(null);
  const [fix, setFix] = useState<FixTarget | null>(null);
  const [remove, setRemove] = useState<RemoveTarget | null>(null);
  const [notice, setNotice] = useState<NoticeTarget | null>(null);
  const otherOpen = edit !== null || fix !== null || remove !== null || notice !== null;
  const manual = opened ?? (otherOpen ? null : (offered[0] ?? null));

  const openManual = useCallback((itemId: string, url = '', description?: string) => {
    manualCounter += 1;
    setOpened({ itemId, url, description, key: manualCounter });
  }, []);
  const offerManual = useCallback((itemId: string, url: string, name?: string) => {
    manualCounter += 1;
    const key = manualCounter;
    setOffered((waiting) => [...waiting, { itemId, url, name, key }]);
  }, []);
  const closeManual = () => {
    if (opened) setOpened(null);
    else if (manual) setOffered((waiting) => waiting.filter((m) => m.key !== manual.key));
  };
  const showNotice = useCallback((message: string, then: () => void) => {
    setNotice({ message, then });
  }, []);

  return {
    manual,
    openManual,
    offerManual,
    closeManual,
    edit,
    openEdit: (option: Option) => setEdit(option.product),
    closeEdit: () => setEdit(null),
    fix,
    openFix: (itemId: string, option: Option) => setFix({ itemId, option }),
    closeFix: () => setFix(null),
    remove,
    setRemove,
    confirmRemove: (itemId: string, option: Option) =>
      setRemove({ itemId, option, pending: false, error: null }),
    notice,
    showNotice,
    closeNotice: () => setNotice(null),
  };
}

export type ShopDialogState = ReturnType<typeof useShopDialogs>;

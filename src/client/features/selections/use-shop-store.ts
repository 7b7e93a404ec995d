import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { showSaved } from '../../lib/show-saved';
import type { SelectionsPage } from '../../../shared/schemas/selections';
import { proposalKeys } from '../proposals/api';
import { selectionKeys } from './api';
import { createItemQueue, type ItemQueue } from './item-queue';
import { pageOnlyCopy } from './shop-model';
import { shopReducer, type ShopAction } from './shop-state';

export interface ShopStore {
  page: SelectionsPage;
  /** Changes are kept in the page only (logged out, or not on the proposal's team). */
  local: boolean;
  apply: (action: ShopAction) => void;
  /**
   * Shows a change the server has stored (its answer). A page read already on its way may have
   * been read before it and would drop it when it lands: that read is stopped first and made
   * again after.
   */
  applySaved: (action: ShopAction) => Promise<void>;
  /** The page as it is now, changes applied in this same handler included. */
  current: () => SelectionsPage;
  /** Fetches the page again from the server (after a conflict or a change made elsewhere). */
  reload: () => Promise<void>;
  /** Stops a reload in flight, so its older answer cannot overwrite a change about to be shown. */
  cancelReload: () => Promise<void>;
  /** Saved options changed: the dashboard's '{n}% Shopping' and the plan are stale. */
  markProposalStale: () => void;
  /** One item's server calls in order, and which reply is the newest (see item-queue.ts). */
  queue: ItemQueue;
}

/**
 * The shop page's data: the query cache for members, so a reply lands where every reader sees it;
 * state seeded from the first load for a visitor whose changes are not saved.
 */
export function useShopStore(data: SelectionsPage, local: boolean): ShopStore {
  const qc = useQueryClient();
  const [localPage, setLocalPage] = useState(() => pageOnlyCopy(data));
  // The visitor's page after every change so far, even those React has not rendered yet: two
  // clicks in one frame (adding the same product twice) must see each other.
  const latestLocal = useRef(localPage);
  const [queue] = useState(createItemQueue);
  const proposalId = data.proposalId;

  const apply = useCallback(
    (action: ShopAction) => {
      if (local) {
        latestLocal.current = shopReducer(latestLocal.current, action);
        setLocalPage(latestLocal.current);
      } else {
        qc.setQueryData<SelectionsPage>(
          selectionKeys.page(proposalId),
          (old) => old && shopReducer(old, action),
        );
      }
    },
    [local, qc, proposalId],
  );

  const applySaved = useCallback(
    async (action: ShopAction) => {
      if (local) return apply(action);
      await showSaved<SelectionsPage>(qc, selectionKeys.page(proposalId), (old) =>
        shopReducer(old, action),
      );
    },
    [apply, local, qc, proposalId],
  );

  const current = useCallback(
    () =>
      local
        ? latestLocal.current
        : (qc.getQueryData<SelectionsPage>(selectionKeys.page(proposalId)) ?? data),
    [local, qc, proposalId, data],
  );

  const reload = useCallback(
    () => qc.invalidateQueries({ queryKey: selectionKeys.page(proposalId) }),
    [qc, proposalId],
  );

  const cancelReload = useCallback(
    () => qc.cancelQueries({ queryKey: selectionKeys.page(proposalId) }),
    [qc, proposalId],
  );

  const markProposalStale = useCallback(() => {
    void qc.invalidateQueries({ queryKey: proposalKeys.list(), refetchType: 'none' });
    void qc.invalidateQueries({ queryKey: proposalKeys.detail(proposalId), refetchType: 'none' });
  }, [qc, proposalId]);

  return {
    page: local ? localPage : data,
    local,
    apply,
    applySaved,
    current,
    reload,
    cancelReload,
    markProposalStale,
    queue,
  };
}

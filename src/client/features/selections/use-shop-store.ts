import { useCallback, useReducer } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SelectionsPage } from '../../../shared/schemas/selections';
import { proposalKeys } from '../proposals/api';
import { selectionKeys } from './api';
import { shopReducer, type ShopAction } from './shop-state';

export interface ShopStore {
  page: SelectionsPage;
  /** Changes are kept in the page only (logged out, or not on the proposal's team). */
  local: boolean;
  apply: (action: ShopAction) => void;
  /** The page as it is now, for a snapshot taken inside a handler. */
  current: () => SelectionsPage;
  /** Fetches the page again from the server (after a conflict or a change made elsewhere). */
  reload: () => Promise<void>;
  /** Saved options changed: the dashboard's '{n}% Shopping' and the plan are stale. */
  markProposalStale: () => void;
}

/**
 * The shop page's data: the query cache for members, so a reply lands where every reader sees it;
 * a reducer seeded from the first load for a visitor whose changes are not saved.
 */
export function useShopStore(data: SelectionsPage, local: boolean): ShopStore {
  const qc = useQueryClient();
  const [localPage, dispatch] = useReducer(shopReducer, data);
  const proposalId = data.proposalId;

  const apply = useCallback(
    (action: ShopAction) => {
      if (local) dispatch(action);
      else {
        qc.setQueryData<SelectionsPage>(
          selectionKeys.page(proposalId),
          (old) => old && shopReducer(old, action),
        );
      }
    },
    [local, qc, proposalId],
  );

  const current = useCallback(
    () =>
      local ? localPage : (qc.getQueryData<SelectionsPage>(selectionKeys.page(proposalId)) ?? data),
    [local, localPage, qc, proposalId, data],
  );

  const reload = useCallback(
    () => qc.invalidateQueries({ queryKey: selectionKeys.page(proposalId) }),
    [qc, proposalId],
  );

  const markProposalStale = useCallback(() => {
    void qc.invalidateQueries({ queryKey: proposalKeys.list(), refetchType: 'none' });
    void qc.invalidateQueries({ queryKey: proposalKeys.detail(proposalId), refetchType: 'none' });
  }, [qc, proposalId]);

  return { page: local ? localPage : data, local, apply, current, reload, markProposalStale };
}

import { useMutation, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '../../lib/api';
import { call } from '../../lib/call';
import { proposals, signing } from '../../../shared/api/client-routes';
import { proposalKeys } from '../proposals/api';

/* The viewer's own calls (docs/product/viewer.md): the homeowner's name and the print access for the PDF button. */

export const viewerKeys = {
  homeowner: (id: string) => [...proposalKeys.all, 'homeowner', id] as const,
};

/**
 * GET /api/proposal/homeowner/{id}: the homeowner's name and e-mail, or null while the proposal
 * has no homeowner yet (the server answers 404 until it is sent).
 */
export function useHomeowner(id: string, enabled: boolean) {
  return useQuery({
    queryKey: viewerKeys.homeowner(id),
    queryFn: async ({ signal }) => {
      try {
        return await call(proposals.homeowner, { params: { id } }, { signal });
      } catch (error) {
        if (error instanceof ApiRequestError && error.status === 404) return null;
        throw error;
      }
    },
    enabled: enabled && id !== '',
    staleTime: 60_000,
  });
}

/** POST /api/proposal/{id}/print-access: sets the short-lived print cookie; answers the URL. */
export function usePrintAccess(id: string) {
  return useMutation({
    mutationFn: () => call(signing.printAccess, { params: { id } }),
  });
}

import { matchQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { sending } from '../../../shared/api/client-routes';
import type { SendBody } from '../../../shared/schemas/sending';
import { proposalKeys } from '../proposals/api';
import { viewerKeys } from '../viewer/api';

/* Sending a proposal to its homeowner, inviting people and the member list (docs/product/sending.md). */

export const sendingKeys = {
  members: (id: string) => [...proposalKeys.all, 'members', id] as const,
};

/**
 * POST /api/proposal/send. Afterwards the proposal is reloaded (docs/product/sending.md Send flow: its events.sent
 * changed) before the caller moves on, and the list, the homeowner and the members refresh.
 */
export function useSendProposal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SendBody) => call(sending.send, { body }),
    onSuccess: async () => {
      const detail = proposalKeys.detail(id);
      await qc.refetchQueries({ queryKey: detail, exact: true });
      // Everything else about proposals is stale now; the proposal itself was just read, and
      // reading it again (it can be the largest reply, decision 0036) would only repeat it.
      await qc.invalidateQueries({
        queryKey: proposalKeys.all,
        predicate: (query) => !matchQuery({ queryKey: detail, exact: true }, query),
      });
    },
  });
}

/** GET /api/proposal/{id}/members: the homeowner first, then invitees. Owner only. */
export function useMembers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: sendingKeys.members(id),
    queryFn: ({ signal }) => call(sending.members, { params: { id } }, { signal }),
    enabled: enabled && id !== '',
  });
}

export function useInvite(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { inviteeEmail: string; inviteeName: string }) =>
      call(sending.invite, { params: { id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: sendingKeys.members(id) }),
  });
}

export function useRemoveMember(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => call(sending.removeMember, { params: { id, userId } }),
    // The homeowner removed: the page stops naming them and offers Send again. The dialog waits
    // for the list only, not for the whole proposal read again.
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: viewerKeys.homeowner(id) });
      void qc.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: sendingKeys.members(id) });
    },
  });
}

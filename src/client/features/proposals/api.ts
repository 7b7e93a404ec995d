import {
  keepPreviousData,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { call } from '../../lib/call';
import type { ListSort, ListStatus } from '../../../shared/domain/dashboard-list';
import { proposals } from '../../../shared/api/client-routes';
import type {
  Proposal,
  ProposalInput,
  ProposalUpdate,
  ToggleVisibilityBody,
} from '../../../shared/schemas/proposal';

/*
 * Every proposal call of docs/product/proposals-editor.md in one place: the fetcher, its TanStack Query hook and what it
 * invalidates. Pages import hooks from here, never `fetch` directly.
 */

export const proposalKeys = {
  all: ['proposals'] as const,
  list: () => [...proposalKeys.all, 'list'] as const,
  detail: (id: string) => [...proposalKeys.all, 'detail', id] as const,
  contractors: () => [...proposalKeys.all, 'contractors'] as const,
  suggestions: (groupName: string) => [...proposalKeys.all, 'suggestions', groupName] as const,
};

const invalidateList = (qc: QueryClient) => qc.invalidateQueries({ queryKey: proposalKeys.list() });

export const fetchProposal = (id: string, signal?: AbortSignal) =>
  call(proposals.get, { params: { id } }, { signal });

export function useProposal(id: string | undefined) {
  return useQuery({
    queryKey: proposalKeys.detail(id ?? ''),
    queryFn: ({ signal }) => fetchProposal(id!, signal),
    enabled: Boolean(id),
  });
}

/** What the dashboard list asks the server for besides the cursor (decision 0096). */
export interface ProposalListFilter {
  archived?: 'true';
  status?: ListStatus;
  sort?: ListSort;
  q?: string;
}

/**
 * The caller's proposals, 25 a page; `fetchNextPage` loads more. While another filter's first
 * page loads, the last one's rows stay on screen instead of a spinner.
 */
export function useProposalList(filter: ProposalListFilter = {}, enabled = true) {
  return useInfiniteQuery({
    queryKey: [...proposalKeys.list(), filter],
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      call(proposals.list, { query: { ...filter, cursor: pageParam || undefined } }, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useCreateProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ProposalInput) => call(proposals.create, { body: input }),
    onSuccess: () => invalidateList(qc),
  });
}

export function useUpdateProposal(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (update: ProposalUpdate) =>
      call(proposals.update, { params: { id }, body: update }),
    onSuccess: (saved: Proposal) => {
      qc.setQueryData(proposalKeys.detail(id), saved);
      void invalidateList(qc);
    },
  });
}

/** docs/product/proposals-editor.md Duplicate: the server answers a draft (no images, no ids) for the create screen. */
export function useDuplicateProposal() {
  return useMutation({
    mutationFn: (id: string) => call(proposals.duplicate, { body: { id } }),
  });
}

export function useDeleteProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(proposals.remove, { body: { id } }),
    onSuccess: (_reply, id) => {
      // Back to its page must not show the gone proposal from the cache.
      qc.removeQueries({ queryKey: proposalKeys.detail(id) });
      return invalidateList(qc);
    },
  });
}

/** Decision 0009: the owner hides a proposal from their dashboard, or shows it again. */
export function useArchiveProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      call(archive ? proposals.archive : proposals.unarchive, { body: { id } }),
    // The dialog closes once the list no longer holds the row: focus then goes to the list, not
    // to a row about to vanish.
    onSuccess: (_reply, { id }) => {
      void qc.invalidateQueries({ queryKey: proposalKeys.detail(id) });
      return invalidateList(qc);
    },
  });
}

export function useReassignProposal() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; newOwner: string; createNew: boolean }) =>
      call(proposals.reassign, { body }),
    onSuccess: (_reply, { id, createNew }) => {
      // No longer this person's: Back to its page must not show it from the cache with its
      // owner's controls.
      qc.removeQueries({ queryKey: proposalKeys.detail(id) });
      // 'Copy Proposal URL' may have made a contractor: Reassign lists them from now on.
      if (createNew) void qc.invalidateQueries({ queryKey: proposalKeys.contractors() });
      return invalidateList(qc);
    },
  });
}

export function useToggleVisibility() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ToggleVisibilityBody) => call(proposals.toggleVisibility, { body }),
    onSuccess: (_reply, { id }) => {
      void invalidateList(qc);
      void qc.invalidateQueries({ queryKey: proposalKeys.detail(id) });
    },
  });
}

export function useContractors(enabled: boolean) {
  return useQuery({
    queryKey: proposalKeys.contractors(),
    queryFn: ({ signal }) => call(proposals.contractors, {}, { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
}

export function useSendCreated() {
  return useMutation({
    mutationFn: (body: { proposalId: string; to: string }) => call(proposals.sendCreated, { body }),
  });
}

/** Names this contractor used before under a group of this name (custom groups, docs/product/proposals-editor.md). */
export function useItemNameSuggestions(groupName: string, enabled: boolean) {
  const name = groupName.trim();
  return useQuery({
    queryKey: proposalKeys.suggestions(name),
    queryFn: ({ signal }) =>
      call(proposals.suggestions, { query: { groupName: name } }, { signal }),
    enabled: enabled && name.length > 0,
    staleTime: 5 * 60_000,
  });
}

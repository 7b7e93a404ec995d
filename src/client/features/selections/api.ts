import type { ManualProductData } from '../../../shared/schemas/products';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import {
  commentSchema,
  itemOptionsSchema,
  noteReplySchema,
  optionSchema,
  selectionsPageSchema,
  type AddProductRequest,
  type Position,
} from '../../../shared/schemas/selections';

/* The shop page's calls (shared/schemas/selections.ts lists the routes). */

export const selectionKeys = {
  page: (proposalId: string) => ['selections', proposalId] as const,
};

const base = (proposalId: string) => `/api/proposal/${encodeURIComponent(proposalId)}`;

export function useSelectionsPage(proposalId: string | undefined) {
  return useQuery({
    queryKey: selectionKeys.page(proposalId ?? ''),
    queryFn: ({ signal }) =>
      api(`${base(proposalId!)}/selections`, { schema: selectionsPageSchema, signal }),
    enabled: Boolean(proposalId),
  });
}

export const selectionsApi = {
  addProduct: (proposalId: string, body: AddProductRequest) =>
    api(`${base(proposalId)}/addProduct/`, { body, schema: optionSchema, idempotent: true }),
  setPosition: (proposalId: string, optionId: string, position: Position) =>
    api(`${base(proposalId)}/options/${encodeURIComponent(optionId)}`, {
      method: 'PUT',
      body: { position },
      schema: itemOptionsSchema,
    }),
  removeOption: (proposalId: string, optionId: string) =>
    api(`${base(proposalId)}/options/${encodeURIComponent(optionId)}`, {
      method: 'DELETE',
      schema: itemOptionsSchema,
    }),
  /** Decision 0011: corrected details replace a clipped option's product for this proposal. */
  fixProduct: (proposalId: string, optionId: string, data: ManualProductData) =>
    api(`${base(proposalId)}/options/${encodeURIComponent(optionId)}/product`, {
      method: 'PUT',
      body: data,
      schema: itemOptionsSchema,
    }),
  reorder: (proposalId: string, itemId: string, optionIds: string[]) =>
    api(`${base(proposalId)}/items/${encodeURIComponent(itemId)}/options/order`, {
      method: 'PUT',
      body: { optionIds },
      schema: itemOptionsSchema,
    }),
  addComment: (proposalId: string, itemId: string, content: string) =>
    api(`${base(proposalId)}/items/${encodeURIComponent(itemId)}/comments`, {
      body: { content },
      schema: commentSchema,
      idempotent: true,
    }),
  updateNote: (proposalId: string, itemId: string, note: string, expected: string) =>
    api(`${base(proposalId)}/items/${encodeURIComponent(itemId)}/note`, {
      method: 'PUT',
      body: { note, expected },
      schema: noteReplySchema,
    }),
};

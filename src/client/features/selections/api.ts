import type { ManualProductData } from '../../../shared/schemas/products';
import { useQuery } from '@tanstack/react-query';
import { accessLost } from '../../lib/api';
import { call } from '../../lib/call';
import { emails, selections } from '../../../shared/api/client-routes';
import type { AddProductRequest, Position } from '../../../shared/schemas/selections';

/* The shop page's calls (shared/schemas/selections.ts lists the routes). */

export const selectionKeys = {
  page: (proposalId: string) => ['selections', proposalId] as const,
};

export function useSelectionsPage(proposalId: string | undefined) {
  return useQuery({
    queryKey: selectionKeys.page(proposalId ?? ''),
    queryFn: ({ signal }) => call(selections.page, { params: { id: proposalId! } }, { signal }),
    enabled: Boolean(proposalId),
  });
}

/**
 * The shop page goes to /private/ when it never loaded, or when a read again says the reader has
 * no access any more (401, 403, 404). A read again that fails otherwise (a dropped connection, a
 * 5xx) keeps the page, with what is being typed in it.
 */
export function shopPageLost(query: { error: Error | null; data: unknown }): boolean {
  const { error, data } = query;
  if (error === null) return false;
  return data === undefined || accessLost(error);
}

export const selectionsApi = {
  addProduct: (proposalId: string, body: AddProductRequest) =>
    call(selections.addProduct, { params: { id: proposalId }, body }),
  /** `expected`: the position the screen showed, refused with a 409 once someone changed it. */
  /**
   * `expected`: the option's position on this screen; `expectedChosen`: the item's Chosen on this
   * screen (null for none). Refused with a 409 once someone else changed either.
   */
  setPosition: (
    proposalId: string,
    optionId: string,
    position: Position,
    expected: Position,
    expectedChosen: string | null,
  ) =>
    call(selections.setPosition, {
      params: { id: proposalId, optionId },
      body: { position, expected, expectedChosen },
    }),
  /** `expected`: the position the confirmation showed; refused once someone else marked it. */
  removeOption: (proposalId: string, optionId: string, expected: Position) =>
    call(selections.removeOption, { params: { id: proposalId, optionId }, query: { expected } }),
  /** Decision 0011: corrected details replace a clipped option's product for this proposal. */
  fixProduct: (proposalId: string, optionId: string, data: ManualProductData) =>
    call(selections.fixProduct, { params: { id: proposalId, optionId }, body: data }),
  /** `expected`: the order the screen showed, refused with a 409 once someone changed it. */
  reorder: (proposalId: string, itemId: string, optionIds: string[], expected: string[]) =>
    call(selections.reorder, {
      params: { id: proposalId, itemId },
      body: { optionIds, expected },
    }),
  addComment: (proposalId: string, itemId: string, content: string) =>
    call(selections.comment, { params: { id: proposalId, itemId }, body: { content } }),
  /** `version`: the comment's on this screen; refused with a 409 once it was edited elsewhere. */
  editComment: (proposalId: string, commentId: string, content: string, version: number) =>
    call(selections.editComment, {
      params: { id: proposalId, commentId },
      body: { content, version },
    }),
  deleteComment: (proposalId: string, commentId: string, version: number) =>
    call(selections.deleteComment, { params: { id: proposalId, commentId }, query: { version } }),
  updateNote: (proposalId: string, itemId: string, note: string, expected: string) =>
    call(selections.note, { params: { id: proposalId, itemId }, body: { note, expected } }),
  /** Decision 0097: whether the caller gets this proposal's comment e-mails. */
  commentEmails: (proposalId: string) => call(emails.mine, { params: { id: proposalId } }),
  setCommentEmails: (proposalId: string, receiving: boolean) =>
    call(emails.setMine, { params: { id: proposalId }, body: { receiving } }),
};

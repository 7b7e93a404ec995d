import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { emails } from '../../../shared/api/client-routes';
import type { CommentEmails } from '../../../shared/schemas/comment-emails';

/** The setting as the link in a comment e-mail reads and changes it (decision 0097). */
const byLinkKey = (token: string) => ['comment-emails', 'link', token] as const;

export function useCommentEmailsByLink(token: string) {
  return useQuery({
    queryKey: byLinkKey(token),
    queryFn: ({ signal }) => call(emails.byLink, { params: { token } }, { signal }),
    // A 404 (a broken or old link) is the answer, not a hiccup to retry.
    retry: false,
  });
}

export function useSetCommentEmailsByLink(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (receiving: boolean) =>
      call(emails.setByLink, { params: { token }, body: { receiving } }),
    onSuccess: (reply: CommentEmails) => queryClient.setQueryData(byLinkKey(token), reply),
  });
}

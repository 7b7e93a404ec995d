import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiRequestError, replyData } from '../../lib/api';
import { call } from '../../lib/call';
import type { EarlySignin } from '../../lib/early-signin';
import { forgetLocalDrafts } from '../../lib/local-drafts';
import { publicConfigKey } from '../../lib/public-config';
import { helpDraft } from '../help/help-draft';
import { auth } from '../../../shared/api/client-routes';
import type { SigninBody, SignupBody, User, VerifyReply } from '../../../shared/schemas/auth';

export const sessionKey = ['session'] as const;

export interface Session {
  /** The signed-in user, or null. */
  user: User | null;
  /** The docs/product/auth.md 'initial' state. */
  isLoading: boolean;
  /**
   * Nobody knows yet who this is: the check failed (the server restarting, the network down)
   * and never answered. Not the same as signed out.
   */
  failed: boolean;
  retrying: boolean;
  retry: () => void;
}

export function useSession(): Session {
  const query = useQuery({
    queryKey: sessionKey,
    queryFn: async ({ signal }) => (await call(auth.me, {}, { signal })).user,
    staleTime: 60_000,
  });
  return {
    user: query.data ?? null,
    isLoading: query.isPending,
    failed: query.isError && query.data === undefined,
    retrying: query.isFetching,
    retry: () => void query.refetch(),
  };
}

export function useSignin() {
  return useMutation({
    mutationFn: (body: SigninBody) => call(auth.signin, { body }),
  });
}

export function useSignup() {
  return useMutation({
    // JSON, or multipart/form-data when a company logo is attached (see toSignupRequest).
    mutationFn: (body: Partial<SignupBody> | FormData) =>
      call(auth.signup, { body: body as SignupBody | FormData }),
  });
}

export function useVerify() {
  const queryClient = useQueryClient();
  return useMutation({
    // A link's token the link page's first script has already posted is not posted again: its
    // answer is this one (decision 0068).
    mutationFn: async (signin: string | EarlySignin): Promise<VerifyReply> => {
      if (typeof signin === 'string') return call(auth.verify, { body: { token: signin } });
      const { status, text } = await signin.answer;
      return replyData(status, text) as VerifyReply;
    },
    // A /me request already in flight (the header asks on load) would answer "nobody" and
    // overwrite the user this sign-in just made: cancel it before storing the user.
    onMutate: () => queryClient.cancelQueries({ queryKey: sessionKey }),
    onSuccess: async (reply) => {
      await queryClient.cancelQueries({ queryKey: sessionKey });
      const before = queryClient.getQueryData<User | null>(sessionKey);
      if (before && before._id !== reply.user._id) forgetReads(queryClient, reply.user);
      else queryClient.setQueryData(sessionKey, reply.user);
    },
    // No one signed in by this link: the session, cancelled above, is asked for again, or the
    // header would wait for it for good.
    onError: () => queryClient.invalidateQueries({ queryKey: sessionKey }),
  });
}

/**
 * Nothing one person read stays in the tab for the next: Back to a private proposal would show
 * its cached copy (plan, contract, activity) after a log-out, since a failed read keeps its last
 * data. Only the site's public settings are kept. For a log-out, or another person's link opened
 * in a signed-in tab.
 */
function forgetReads(queryClient: QueryClient, next: User | null) {
  // A help message half written is the last person's too.
  helpDraft.forget();
  const config = queryClient.getQueryData(publicConfigKey);
  queryClient.getQueryCache().clear();
  queryClient.setQueryData(sessionKey, next);
  if (config !== undefined) queryClient.setQueryData(publicConfigKey, config);
}

/**
 * POST /api/authorization/logout. What this tab read is forgotten only once the server has ended
 * the session (or answers that there was none): a log-out that failed leaves it valid, and the
 * page says so rather than looking logged out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await call(auth.logout, { body: {} });
      } catch (error) {
        if (!(error instanceof ApiRequestError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      forgetLocalDrafts();
      forgetReads(queryClient, null);
    },
  });
}

/**
 * 'Log out of all devices' (decision 0089): every session of the user ends, this one with the
 * others; answers how many. Then, as after a log-out, the tab forgets what it read. A 401 (no
 * session here any more) forgets too: this browser is logged out, and whoever it is signs in
 * again to end the others.
 */
export function useLogoutEverywhere() {
  const queryClient = useQueryClient();
  const forget = () => {
    forgetLocalDrafts();
    forgetReads(queryClient, null);
  };
  return useMutation({
    mutationFn: async () => (await call(auth.logout, { body: { everywhere: true } })).sessionsEnded,
    onSuccess: forget,
    onError: (error) => {
      if (error instanceof ApiRequestError && error.status === 401) forget();
    },
  });
}

/** 'Add to my account': claims the proposal the sign-in link was e-mailed for (decision 0010). */
export function useClaimProposal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (proposalId: string) => call(auth.claim, { body: { proposalId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['proposals'] }),
  });
}

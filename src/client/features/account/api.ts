import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { auth } from '../../../shared/api/client-routes';
import type { Account } from '../../../shared/schemas/account';
import type { Role, User } from '../../../shared/schemas/auth';
import type { FileRef } from '../../../shared/schemas/proposal';
import { sessionKey } from '../auth/api';
import { uploadFile } from '../proposals/upload';
import { accountBody, type AccountValues, type LogoChoice } from './account-model';

export const accountKey = ['account'] as const;

const accountQuery = {
  queryKey: accountKey,
  queryFn: ({ signal }: { signal: AbortSignal }) => call(auth.account, {}, { signal }),
  // Loaded fresh: an old copy would carry an old version into the next save.
  staleTime: 0,
  refetchOnWindowFocus: false,
};

/** GET /api/authorization/account: the user with the version a change sends back. */
export function useAccount() {
  return useQuery(accountQuery);
}

/**
 * The account's company logo as a file, which a new proposal's cover borrows (decision 0098):
 * asked only for a contractor whose account has one. A failed ask (retried as any read) leaves
 * the cover without it.
 */
export function useAccountLogo(user: User | null): { logo: FileRef | null; isLoading: boolean } {
  const wanted = user?.role === 'contractor' && user.companyLogo !== null;
  // Offline, a paused ask would hold the page; it fails at once instead and the cover is empty.
  const query = useQuery({ ...accountQuery, enabled: wanted, networkMode: 'always' });
  if (!wanted) return { logo: null, isLoading: false };
  return { logo: query.data?.companyLogoFile ?? null, isLoading: query.isPending };
}

export interface SaveInput {
  role: Role;
  values: AccountValues;
  version: number;
  logo: LogoChoice;
}

/**
 * Uploads a chosen logo through the proposal upload (its checks and budget), then saves. The
 * session's user is replaced with the answer, so the send form and the create wizard prefill
 * from the new values at once.
 */
export function useSaveAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ role, values, version, logo }: SaveInput): Promise<Account> => {
      const uploaded =
        logo.kind === 'replace'
          ? {
              kind: 'uploaded' as const,
              id: (await uploadFile(logo.file, 'companyLogo', logo.file.name)).id,
            }
          : logo;
      return call(auth.updateAccount, { body: accountBody(role, values, version, uploaded) });
    },
    onSuccess: (account) => {
      queryClient.setQueryData(accountKey, account);
      queryClient.setQueryData(sessionKey, account.user);
    },
  });
}

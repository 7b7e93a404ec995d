import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../lib/call';
import { auth } from '../../../shared/api/client-routes';
import type { Account } from '../../../shared/schemas/account';
import type { Role } from '../../../shared/schemas/auth';
import { sessionKey } from '../auth/api';
import { uploadFile } from '../proposals/upload';
import { accountBody, type AccountValues, type LogoChoice } from './account-model';

export const accountKey = ['account'] as const;

/** GET /api/authorization/account: the user with the version a change sends back. */
export function useAccount() {
  return useQuery({
    queryKey: accountKey,
    queryFn: ({ signal }) => call(auth.account, {}, { signal }),
    // The page loads it fresh: an old copy would carry an old version into the next save.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
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

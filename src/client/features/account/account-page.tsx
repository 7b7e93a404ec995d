import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { accessLost } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { ListFailure } from '../../ui/list-states';
import { PageSpinner } from '../../ui/page-spinner';
import { sessionKey } from '../auth/api';
import { AccountForm } from './account-form';
import { useAccount } from './api';

/**
 * /account/ (docs/product/account.md, decision 0094): a signed-in person's own name, phone and,
 * for a contractor, company name and logo. Loaded fresh each visit, for the version a save sends
 * back; after a 409 the form is drawn again from what is saved now.
 */
export function Component() {
  const account = useAccount();
  const queryClient = useQueryClient();
  const location = useLocation();
  // A new form (a reload after a conflict) starts again from what the server holds.
  const [round, setRound] = useState(0);

  if (account.isPending) return <PageSpinner label="Loading your account…" />;
  if (account.isError && accessLost(account.error)) {
    const redirect = location.pathname + location.search;
    return <Navigate to={`${paths.signin()}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  if (!account.data) {
    return (
      <>
        <title>{`Account settings · ${PRODUCT_NAME}`}</title>
        <h1 className="visually-hidden">Account settings</h1>
        <ListFailure
          message={errorText(account.error, 'Your account could not be loaded.')}
          retrying={account.isFetching}
          onRetry={() => void account.refetch()}
        />
      </>
    );
  }

  const reload = async () => {
    const fresh = await account.refetch();
    if (fresh.data) queryClient.setQueryData(sessionKey, fresh.data.user);
    setRound((n) => n + 1);
  };

  return <AccountForm key={round} account={account.data} reloaded={round > 0} onReload={reload} />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/api';
import { PRODUCT_NAME } from '../../shared/constants';
import { paths } from '../../shared/paths';
import { UNREACHABLE } from '../lib/api';
import { ListFailure } from '../ui/list-states';
import { PageSpinner } from '../ui/page-spinner';

/**
 * docs/product/routes.md: authenticated routes send logged-out visitors to /signin, remembering where they were going.
 * A session check that failed (a restart, the network) is not a log-out: the page says so and
 * tries again where it is, rather than asking a signed-in person for a login link.
 */
export function RequireAuth() {
  const session = useSession();
  const location = useLocation();
  if (session.isLoading) return <PageSpinner />;
  if (session.failed) {
    return (
      <>
        <title>{`Not connected · ${PRODUCT_NAME}`}</title>
        <h1 className="visually-hidden">Not connected</h1>
        <ListFailure message={UNREACHABLE} retrying={session.retrying} onRetry={session.retry} />
      </>
    );
  }
  if (!session.user) {
    const redirect = location.pathname + location.search + location.hash;
    return <Navigate to={`${paths.signin()}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <Outlet />;
}

import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../features/auth/api';
import { paths } from '../../shared/paths';
import { PageSpinner } from '../ui/page-spinner';

/** docs/product/routes.md: authenticated routes send logged-out visitors to /signin, remembering where they were going. */
export function RequireAuth() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSpinner />;
  if (!user) {
    const redirect = location.pathname + location.search + location.hash;
    return <Navigate to={`${paths.signin()}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }
  return <Outlet />;
}

import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { accessLost } from '../../lib/api';
import { useSession } from '../auth/api';
import { useProposal } from '../proposals/api';
import { PrivateRedirect, readNotice } from './private-redirect';
import { Viewer } from './viewer';

/**
 * /proposal/received/{id}/: the homeowner's view (docs/product/viewer.md). Signed-in homeowners only (docs/product/roles.md: a role
 * mismatch goes to /signin/); when loading fails, /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user } = useSession();
  const isHomeowner = user?.role === 'homeowner';
  const query = useProposal(isHomeowner ? id : undefined);

  if (!isHomeowner) return <Navigate to={paths.signin()} replace />;
  // A copy kept from before is not shown once a read says it is no longer this reader's.
  if (accessLost(query.error)) return <PrivateRedirect />;
  if (query.data) {
    return (
      <Viewer
        proposal={query.data}
        view="received"
        mode="screen"
        user={user}
        notice={readNotice(location.state)}
      />
    );
  }
  if (query.isError) return <PrivateRedirect />;
  return <PageSpinner label="Loading proposal…" fill />;
}

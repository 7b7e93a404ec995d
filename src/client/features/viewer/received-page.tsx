import { Navigate, useLocation, useParams } from 'react-router';
import { paths, receivedIt } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { accessLost } from '../../lib/api';
import { useSession } from '../auth/api';
import { useProposal } from '../proposals/api';
import { PrivateRedirect, readNotice } from './private-redirect';
import { Viewer } from './viewer';

/**
 * /proposal/received/{id}/: the homeowner's view (docs/product/viewer.md), for those the proposal
 * was sent or shared to, whatever their account's role (decision 0093); anyone else goes to
 * /signin/ (docs/product/roles.md); when loading fails, /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { user } = useSession();
  const query = useProposal(user ? id : undefined);

  if (!user) return <Navigate to={paths.signin()} replace />;
  // A copy kept from before is not shown once a read says it is no longer this reader's.
  if (accessLost(query.error)) return <PrivateRedirect />;
  // Its owner, or a reader of a public proposal: not theirs to have received.
  if (query.data && !receivedIt(query.data.access.role))
    return <Navigate to={paths.signin()} replace />;
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

import { useLocation, useParams } from 'react-router';
import { PageSpinner } from '../../ui/page-spinner';
import { accessLost } from '../../lib/api';
import { useSession } from '../auth/api';
import { useProposal } from '../proposals/api';
import { PrivateRedirect, readNotice } from './private-redirect';
import { Viewer } from './viewer';

/**
 * /proposal/{id}/: the contractor's view (docs/product/viewer.md; any proposal path but received). Public proposals
 * are readable logged out; when loading fails the visitor goes to /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const session = useSession();
  const query = useProposal(id);

  // A copy kept from before is not shown once a read says it is no longer this reader's.
  if (accessLost(query.error)) return <PrivateRedirect />;
  if (query.data) {
    return (
      <Viewer
        proposal={query.data}
        view="contractor"
        mode="screen"
        user={session.user}
        notice={readNotice(location.state)}
        settled={!session.isLoading}
      />
    );
  }
  if (query.isError) return <PrivateRedirect />;
  return <PageSpinner label="Loading proposal…" fill />;
}

import { Navigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { useProposal } from '../proposals/api';
import { PrivateRedirect } from '../viewer/private-redirect';
import { SendForm } from './send-form-view';

/**
 * /proposal/send/{id}/ (docs/product/sending.md, docs/product/roles.md): the send-proposal form, for the contractor who owns the
 * proposal only; other roles go to /signin/, and a proposal that cannot be loaded to /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const { user } = useSession();
  const isContractor = user?.role === 'contractor';
  const query = useProposal(isContractor ? id : undefined);

  if (!isContractor) return <Navigate to={paths.signin()} replace />;
  if (query.data) {
    if (query.data.access.role !== 'owner') return <Navigate to={paths.signin()} replace />;
    return <SendForm proposal={query.data} user={user} />;
  }
  if (query.isError) return <PrivateRedirect />;
  return <PageSpinner label="Loading proposal…" />;
}

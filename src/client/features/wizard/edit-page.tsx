import { Navigate, useLocation, useParams } from 'react-router';
import { Lock, TriangleAlert, UserX } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { FROZEN_AFTER_SIGNING } from '../../../shared/schemas/proposal';
import { PageSpinner } from '../../app/page-spinner';
import { ApiRequestError } from '../../lib/api';
import { useProposal } from '../proposals/api';
import { EditWizard } from './edit-wizard';
import { WizardNotice } from './wizard-notice';
import styles from './wizard.module.css';

/** /proposal/edit/{id}/ and /proposal/{id}/edit/ (§2, §4 Edit flow). Signed-in only. */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const query = useProposal(id);

  // §2: the edit header shows only once the proposal is loaded.
  if (query.isPending) return <PageSpinner label="Loading your proposal…" />;

  if (query.isError) {
    const status = query.error instanceof ApiRequestError ? query.error.status : 0;
    if (status === 401 || status === 403 || status === 404) {
      const redirect = encodeURIComponent(location.pathname);
      return <Navigate to={`${paths.private()}?redirect=${redirect}`} replace />;
    }
    return (
      <WizardNotice
        icon={<TriangleAlert size={26} aria-hidden="true" />}
        title="We couldn't load this proposal"
      >
        <p role="alert">{query.error.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </WizardNotice>
    );
  }

  const proposal = query.data;
  if (!proposal.access.canEdit) {
    return (
      <WizardNotice
        icon={<UserX size={26} aria-hidden="true" />}
        title="You can't edit this proposal"
        proposalId={proposal._id}
      >
        <p>Only the contractor who owns this proposal can edit it. You can still view it.</p>
      </WizardNotice>
    );
  }
  if (proposal.signed) {
    return (
      <WizardNotice
        icon={<Lock size={26} aria-hidden="true" />}
        title="Editing is closed"
        proposalId={proposal._id}
      >
        <p>{FROZEN_AFTER_SIGNING}</p>
      </WizardNotice>
    );
  }

  return (
    <div className={styles.editShell}>
      <EditWizard proposal={proposal} refetch={query.refetch} />
    </div>
  );
}

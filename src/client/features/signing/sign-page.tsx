import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { useProposal } from '../proposals/api';
import { SIGN_BEFORE_SEND_DETAIL } from '../viewer/action-bar-model';
import { NoticeDialog } from '../../ui/notice-dialog';
import { PrivateRedirect, readNotice } from '../viewer/private-redirect';
import { Viewer } from '../viewer/viewer';
import { signDecision } from './sign-access';
import { SignDialog } from './sign-dialog';
import { accessLost } from '../../lib/api';

/** /proposal/sign/{id}/ (docs/product/signing.md Signing): the proposal with the signing overlay open. */
export function Component() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useSession();
  const query = useProposal(id);
  // Once signed, the reloaded proposal would no longer allow signing and send the page elsewhere
  // while the signed page is still loading: from then on this page only waits for it.
  const [signed, setSigned] = useState(false);

  // A kept copy of a proposal deleted or handed on since is not offered for signing.
  if (accessLost(query.error)) return <PrivateRedirect />;
  if (!query.data) {
    if (query.isError) return <PrivateRedirect />;
    return <PageSpinner label="Loading proposal…" />;
  }
  if (!user) return <PageSpinner label="Loading proposal…" />;
  if (signed) return <PageSpinner label="Signed. One moment…" />;

  const proposal = query.data;
  const decision = signDecision(proposal, user.role);
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'alert':
      return (
        <Viewer proposal={proposal} view={decision.view} mode="screen" user={user}>
          <NoticeDialog
            title={decision.message}
            message={SIGN_BEFORE_SEND_DETAIL}
            onClose={() => void navigate(decision.backTo, { replace: true })}
          />
        </Viewer>
      );
    case 'sign':
      return (
        <Viewer proposal={proposal} view={decision.view} mode="screen" user={user}>
          <SignDialog
            proposal={proposal}
            // Shown in the dialog: the page behind it is hidden from screen readers while it is open.
            notice={readNotice(location.state)}
            role={decision.role}
            closeTo={decision.closeTo}
            onSigned={() => {
              setSigned(true);
              void navigate(paths.proposalSigned(id), { replace: true });
            }}
          />
        </Viewer>
      );
  }
}

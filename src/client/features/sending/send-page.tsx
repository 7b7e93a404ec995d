import { useState } from 'react';
import { Navigate, useLocation, useParams } from 'react-router';
import { paths } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession } from '../auth/api';
import { WRONG_ROLE_STATE } from '../auth/auth-state';
import { useProposal } from '../proposals/api';
import { useHomeowner } from '../viewer/api';
import { PrivateRedirect } from '../viewer/private-redirect';
import { SendForm } from './send-form-view';

/**
 * /proposal/send/{id}/ (docs/product/sending.md, docs/product/roles.md): the send-proposal form, for the contractor who owns the
 * proposal only; other roles go to /signin/ (which stays, to switch accounts, and comes back here
 * after logging in: decision 0023), and a proposal that cannot be loaded to /private/.
 */
export function Component() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  const { user } = useSession();
  const isContractor = user?.role === 'contractor';
  const query = useProposal(isContractor ? id : undefined);
  // Resend: the form starts with the homeowner it went to (decision 0006). Whether it had been
  // sent is taken as the page opened: this page's own send changes it, and its form must stay
  // mounted to go on to signing.
  const [sentAtOpen, setSentAtOpen] = useState<boolean | undefined>(undefined);
  if (query.data && sentAtOpen === undefined)
    setSentAtOpen(query.data.access.role === 'owner' && query.data.events.sent !== null);
  const homeowner = useHomeowner(id, sentAtOpen === true);

  const toSignin = (
    <Navigate
      to={`${paths.signin()}?redirect=${encodeURIComponent(pathname)}`}
      state={WRONG_ROLE_STATE}
      replace
    />
  );

  if (!isContractor) return toSignin;
  if (query.data) {
    if (query.data.access.role !== 'owner') return toSignin;
    // A homeowner that cannot be read leaves the form empty, as for a first send.
    if (sentAtOpen === false || homeowner.data !== undefined || homeowner.isError)
      return <SendForm proposal={query.data} user={user} homeowner={homeowner.data ?? null} />;
  }
  if (query.isError) return <PrivateRedirect />;
  return <PageSpinner label="Loading proposal…" />;
}

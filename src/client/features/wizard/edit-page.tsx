import { Navigate, useLocation, useParams } from 'react-router';
import { useState } from 'react';
import { Lock, PenLine, TriangleAlert, UserX } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { FROZEN_AFTER_SIGNING } from '../../../shared/schemas/proposal';
import { PageSpinner } from '../../ui/page-spinner';
import { accessLost } from '../../lib/api';
import { useProposal } from '../proposals/api';
import { EditWizard } from './edit-wizard';
import { WizardNotice } from './wizard-notice';
import styles from './wizard.module.css';

/** /proposal/edit/{id}/ and /proposal/{id}/edit/ (docs/product/proposals-editor.md, Edit flow). Signed-in only. */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const query = useProposal(id);
  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  // Once the wizard is shown, no later read takes it down (decision 0075): it holds what is being
  // typed. A read that finds the owner signed since (in another tab) leaves it up, and its save
  // asks to withdraw the signature; one that finds the homeowner signed or the proposal no longer
  // editable leaves it up too, and its save is refused with 'Copy my text' at hand.
  const [wizardShownFor, setWizardShownFor] = useState<string | null>(null);

  // The wizard opens on the proposal as it is now, not on a copy kept from an earlier page (a
  // note saved in the shop since gave it a new version, and the save would be refused as
  // changed elsewhere): a kept copy waits for the read this page starts. Once shown, the wizard
  // is never taken down for a read again (it holds what is being typed).
  const [settled, setSettled] = useState(false);
  const waiting = query.isPending || (!settled && query.isFetching && query.isStale);
  // A kept copy is never opened once the read says the proposal is no longer this person's
  // (deleted or handed on since): the work typed into it could not be saved.
  const lost = !settled && accessLost(query.error);
  if (!settled && !waiting && !lost && query.data !== undefined) setSettled(true);

  // docs/product/proposals-editor.md: the edit header shows only once the proposal is loaded.
  if (waiting) return <PageSpinner label="Loading your proposal…" />;

  // A read again in the background that fails (a dropped connection, a 5xx) keeps the wizard
  // and what was typed in it: only a page without its proposal shows the failure.
  if (lost || (query.isError && query.data === undefined)) {
    if (accessLost(query.error)) {
      const redirect = encodeURIComponent(location.pathname);
      return <Navigate to={`${paths.private()}?redirect=${redirect}`} replace />;
    }
    return (
      <WizardNotice
        icon={<TriangleAlert size={26} aria-hidden="true" />}
        title="We couldn't load this proposal"
      >
        <p role="alert">{query.error?.message}</p>
        <button type="button" className="btn btn-primary" onClick={() => void query.refetch()}>
          Try again
        </button>
      </WizardNotice>
    );
  }

  const proposal = query.data;
  const wizardShown = wizardShownFor === proposal._id;
  // Decision 0009: the contractor's signature stands only for what they signed. Editing is
  // offered once they agree that saving a change withdraws it.
  const signedByMe =
    proposal.access.role === 'owner' && proposal.events.signedByContractor !== null;
  // The owner of a signed proposal hears why, not that they are not the owner.
  if (proposal.signed && proposal.access.role === 'owner' && !wizardShown) {
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

  if (!proposal.access.canEdit && !wizardShown) {
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
  const confirmed = confirmedFor === proposal._id;
  if (signedByMe && !confirmed && !wizardShown) {
    return (
      <WizardNotice
        icon={<PenLine size={26} aria-hidden="true" />}
        title="You have signed this proposal"
        proposalId={proposal._id}
        action={
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => setConfirmedFor(proposal._id)}
          >
            Edit and withdraw my signature
          </button>
        }
      >
        <p>
          Your signature covers the proposal as it is now. If you save changes to it, your signature
          is withdrawn: the homeowner sees the proposal unsigned by you until you sign it again, and
          we e-mail you both a note of the change.
        </p>
      </WizardNotice>
    );
  }

  if (!wizardShown) setWizardShownFor(proposal._id);
  return (
    <div className={styles.editShell}>
      <EditWizard
        proposal={proposal}
        refetch={query.refetch}
        withdrawSignature={signedByMe && confirmed}
      />
    </div>
  );
}

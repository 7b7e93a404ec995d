import { Link, useParams } from 'react-router';
import { ArrowLeft, Fingerprint } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths, proposalViewPath } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { ApiRequestError } from '../../lib/api';
import { useProposal } from '../proposals/api';
import { PrivateRedirect } from '../viewer/private-redirect';
import { useSigningLog } from './api';
import { Field, LogEntryCard, LogTime, WithdrawnCard } from './log-entry';
import styles from './log-page.module.css';

const signedText = (at: number | null) =>
  at === null ? (
    'Not signed yet.'
  ) : (
    <>
      Signed <LogTime at={at} />
    </>
  );

const LOG_FAILED = 'The signing log could not be loaded. Please try again.';

/** /proposal/log/{id}/ (docs/product/signing.md Signing log): who signed, from where and when, and the hashes. */
export function Component() {
  const { id = '' } = useParams();
  const log = useSigningLog(id);
  const proposal = useProposal(id);

  const status = log.error instanceof ApiRequestError ? log.error.status : 0;
  // Decision 0014: an invited member reads the proposal but not its log (the signers' IP address,
  // e-mail and browser); they get the signing dates the proposal already shows.
  const membersOnly = status === 404 && proposal.data !== undefined;
  if (log.isPending || (status === 404 && proposal.isPending))
    return <PageSpinner label="Loading the signing log…" />;
  if (status >= 400 && status < 500 && !membersOnly) return <PrivateRedirect />;

  const project = proposal.data?.projectName.trim() || 'Untitled Project';
  // Back to the caller's own view of it, by their relation to it (decision 0093).
  const back = proposal.data ? proposalViewPath(id, proposal.data.access.role) : paths.proposal(id);
  const events = proposal.data?.events;

  return (
    <div className={styles.page}>
      <title>{`Signing log · ${project} · ${PRODUCT_NAME}`}</title>
      <Link to={back} className={styles.back}>
        <ArrowLeft size={16} aria-hidden="true" />
        Back to the proposal
      </Link>
      <h1 className={styles.title}>Signing log</h1>
      <p className={styles.project}>{project}</p>
      {membersOnly && events ? (
        <section className={styles.card} aria-labelledby="log-members">
          <h2 id="log-members" className={styles.cardTitle}>
            Signatures
          </h2>
          <p className={styles.membersNote}>
            Only the proposal&apos;s owner and the people who sign it can see the signing log.
          </p>
          <dl className={styles.fields}>
            <Field label="Contractor" value={signedText(events.signedByContractor)} />
            <Field label="Homeowner" value={signedText(events.signedByHomeowner)} />
          </dl>
        </section>
      ) : log.data ? (
        <>
          <section className={styles.hashCard} aria-labelledby="hash-title">
            <h2 id="hash-title" className={styles.hashTitle}>
              <Fingerprint size={18} aria-hidden="true" />
              Document hash now
            </h2>
            <p className={styles.hashHelp}>
              A SHA-256 fingerprint of the proposal&apos;s content (cover to contract). Each
              signature records the fingerprint of what was signed; if the content changes, the
              fingerprints no longer match.
            </p>
            <code className={styles.hash}>{log.data.currentHash}</code>
          </section>
          <LogEntryCard
            title="Contractor"
            entry={log.data.contractor}
            matches={log.data.matches.contractor}
          />
          <LogEntryCard
            title="Homeowner"
            entry={log.data.homeowner}
            matches={log.data.matches.homeowner}
          />
          <WithdrawnCard entries={log.data.withdrawn} />
        </>
      ) : (
        <p role="alert" className={styles.error}>
          {LOG_FAILED}
        </p>
      )}
    </div>
  );
}

import { Link, useLocation, useParams } from 'react-router';
import { MailCheck, Send } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { ContinueToDashboard } from '../auth/continue-to-dashboard';
import styles from '../auth/auth.module.css';
import { readSentState } from './claim-form';

/**
 * /proposal/sent/{id}/ (docs/product/sending.md): 'Check your email' after creating logged out (a login link to the
 * proposal was sent to the creator), 'Proposal Sent' after a homeowner or designer sent their
 * copy to a contractor. Continue (to the dashboard) only for signed-in users.
 */
export function Component() {
  const { id = '' } = useParams();
  const location = useLocation();
  const { email, kind = 'created' } = readSentState(location.state);
  const created = kind === 'created';
  const title = created ? 'Check your email' : 'Proposal Sent';
  const address = email ? <strong>{email}</strong> : 'your email address';

  return (
    <div className={styles.shell}>
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="sent-title">
        <span className={styles.badge}>
          {created ? (
            <MailCheck size={22} aria-hidden="true" />
          ) : (
            <Send size={22} aria-hidden="true" />
          )}
        </span>
        <h1 id="sent-title" className={styles.title}>
          {title}
        </h1>
        <div className={styles.body}>
          {created ? (
            <>
              <p>We sent a login link to {address}.</p>
              <p>
                Open it to see your proposal, then review, edit and send it. The link expires in one
                hour and works only once.
              </p>
              <p>
                Can&apos;t find it? Check your spam or junk folder, or{' '}
                <Link to={paths.proposalLogin(id)}>request a new link</Link>.
              </p>
            </>
          ) : (
            <>
              <p>We sent the proposal to {address}.</p>
              <p>
                Once they add it to their account, they can adjust it and send it back to you.
                We&apos;ll let you know when it has been signed.
              </p>
            </>
          )}
        </div>
        <ContinueToDashboard />
      </section>
    </div>
  );
}

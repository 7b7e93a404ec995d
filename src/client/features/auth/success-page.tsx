import { Link, useLocation } from 'react-router';
import { MailCheck } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { readSuccessState } from './auth-state';
import { ContinueToDashboard } from './continue-to-dashboard';
import styles from './auth.module.css';

/** /success/: the login link is on its way (docs/product/auth.md). */
export function Component() {
  const location = useLocation();
  const { email, mode } = readSuccessState(location.state);
  const againHref = mode === 'signup' ? paths.signup() : paths.signin();

  return (
    <div className={styles.shell}>
      <title>{`Check your email · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="success-title">
        <span className={styles.badge}>
          <MailCheck size={22} aria-hidden="true" />
        </span>
        <h1 id="success-title" className={styles.title}>
          Check your email
        </h1>
        <div className={styles.body}>
          <p>
            {mode === 'signup' ? 'Thanks for signing up! ' : ''}
            We sent a login link to {email ? <strong>{email}</strong> : 'your email address'}.
          </p>
          <p>The link expires in one hour and works only once.</p>
          <p>
            Can&apos;t find it? Check your spam or junk folder, or{' '}
            <Link to={againHref}>request a new link</Link>.
          </p>
        </div>
        <ContinueToDashboard />
      </section>
    </div>
  );
}

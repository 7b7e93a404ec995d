import { Lock } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { paths, safeRedirect } from '../../../shared/paths';
import { useSession } from '../auth/api';
import styles from './private-page.module.css';

/**
 * /private/ (docs/product/viewer.md): where a proposal that could not be loaded sends the visitor. A `redirect` query
 * parameter, when present, is passed on to the login so the person comes back to the proposal.
 */
export function Component() {
  const { user, isLoading } = useSession();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const loginTo = redirect
    ? `${paths.signin()}?redirect=${encodeURIComponent(safeRedirect(redirect))}`
    : paths.signin();

  return (
    <div className={styles.wrap}>
      <title>Private Project · Plansmith</title>
      <section className={styles.card} aria-labelledby="private-title">
        <span className={styles.badge}>
          <Lock size={26} aria-hidden="true" />
        </span>
        <h1 id="private-title" className={styles.title}>
          Private Project
        </h1>
        <p className={styles.text}>Please login to see this project.</p>
        {isLoading ? (
          <span className={`btn btn-primary btn-lg ${styles.placeholder}`} aria-hidden="true">
            Log In
          </span>
        ) : user ? (
          <Link to={paths.dashboard()} className="btn btn-primary btn-lg">
            Go Home
          </Link>
        ) : (
          <Link to={loginTo} className="btn btn-primary btn-lg">
            Log In
          </Link>
        )}
      </section>
    </div>
  );
}

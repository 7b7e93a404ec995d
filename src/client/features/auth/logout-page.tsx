import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoaderCircle, LogOut, RotateCw, TriangleAlert } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { BusyButton } from '../../ui/busy-button';
import { PageSpinner } from '../../ui/page-spinner';
import { useLogout } from './api';
import styles from './auth.module.css';

export const LOGOUT_FAILED = 'We could not log you out. Please try again.';

/**
 * /logout/: ends the session, then goes home. A log-out that did not reach the server (offline, a
 * restart, a fault) says so and offers to try again: the session is still valid, and on a shared
 * computer the next person would be signed in as this one (review 23).
 */
export function Component() {
  const navigate = useNavigate();
  const logout = useLogout();
  const { mutate } = logout;
  const heading = useRef<HTMLHeadingElement>(null);
  // Once it failed, the page stays on the failure while it tries again; counted, so that each
  // failure is a new alert, announced again (the same text in the same node would not be).
  const [failures, setFailures] = useState(0);
  const failed = failures > 0;
  // StrictMode runs effects twice on mount; log out once.
  const started = useRef(false);

  const logOut = useCallback(
    () =>
      mutate(undefined, {
        onSuccess: () => void navigate(paths.home(), { replace: true }),
        onError: () => setFailures((count) => count + 1),
      }),
    [mutate, navigate],
  );

  // The spinner gave way to this screen without a navigation: the reader's place is its title.
  useEffect(() => {
    if (failed) heading.current?.focus();
  }, [failed]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logOut();
  }, [logOut]);

  if (!failed) {
    return (
      <>
        <title>{`Logging out · ${PRODUCT_NAME}`}</title>
        <PageSpinner label="Logging out…" />
      </>
    );
  }
  return (
    <div className={styles.shell}>
      <title>{`Not logged out · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="logout-failed-title">
        <span className={styles.badge}>
          <LogOut size={22} aria-hidden="true" />
        </span>
        <h1 id="logout-failed-title" ref={heading} tabIndex={-1} className={styles.title}>
          You are still logged in
        </h1>
        <div key={failures} role="alert" className={styles.alert}>
          <TriangleAlert size={18} aria-hidden="true" />
          <p>{LOGOUT_FAILED}</p>
        </div>
        <div className={styles.actions}>
          <BusyButton className={styles.button} busy={logout.isPending} onClick={() => logOut()}>
            {logout.isPending ? (
              <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />
            ) : (
              <RotateCw size={18} aria-hidden="true" />
            )}
            Try again
          </BusyButton>
        </div>
      </section>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { LoaderCircle, LogOut, MonitorSmartphone, ShieldCheck, TriangleAlert } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { UNREACHABLE } from '../../lib/api';
import { BusyButton } from '../../ui/busy-button';
import { ListFailure } from '../../ui/list-states';
import { PageSpinner } from '../../ui/page-spinner';
import { useLogoutEverywhere, useSession } from './api';
import styles from './auth.module.css';

export const LOGOUT_EVERYWHERE_FAILED =
  'We could not log you out of your devices. Please try again.';

interface Done {
  email: string;
  ended: number;
}

function doneOf(state: unknown): Done | null {
  const { email, ended } = (state ?? {}) as Partial<Done>;
  return typeof email === 'string' && typeof ended === 'number' ? { email, ended } : null;
}

/** '3 sessions', '1 session': the count the server ended, this browser's included. */
const sessionsText = (count: number) => `${count} ${count === 1 ? 'session' : 'sessions'}`;

/**
 * /logout/everywhere/: 'Log out of all devices' (decision 0089). Unlike /logout/, it acts only
 * when asked: a link to it must not end someone's sessions on every device. Signed out, it sends
 * the visitor to sign in first, since only a session says whose sessions to end; once done it
 * says what ended, the tab by then logged out too.
 */
export function Component() {
  const session = useSession();
  const location = useLocation();
  const logout = useLogoutEverywhere();
  const heading = useRef<HTMLHeadingElement>(null);
  const navigate = useNavigate();
  // Kept apart from the session, which the log-out empties before this page hears it succeeded.
  const [email, setEmail] = useState<string | null>(null);
  // What ended, in the history entry: the answer arrives as a navigation, so the whole frame
  // (the header's menu too) is drawn again for nobody signed in.
  const done = doneOf(location.state);
  // Each failure a new alert, announced again (the same text in the same node would not be).
  const [failures, setFailures] = useState(0);

  // The screen changed in place: the reader's place is its title.
  const succeeded = done !== null;
  useEffect(() => {
    if (succeeded || failures > 0) heading.current?.focus();
  }, [succeeded, failures]);

  if (done) {
    return (
      <div className={styles.shell}>
        <title>{`Logged out of all devices · ${PRODUCT_NAME}`}</title>
        <section className={styles.card} aria-labelledby="everywhere-done-title">
          <span className={styles.badge}>
            <ShieldCheck size={22} aria-hidden="true" />
          </span>
          <h1 id="everywhere-done-title" ref={heading} tabIndex={-1} className={styles.title}>
            Logged out of all devices
          </h1>
          <div className={styles.body}>
            <p>
              We ended {sessionsText(done.ended)} of <strong>{done.email}</strong>, this
              browser&apos;s included. Any other device or browser signed in as you is logged out
              the next time it opens a page.
            </p>
            <p>To come back, ask for a new login link.</p>
          </div>
          <div className={styles.actions}>
            <Link className={styles.button} to={paths.signin()}>
              Log In
            </Link>
          </div>
        </section>
      </div>
    );
  }
  if (session.isLoading) return <PageSpinner />;
  if (session.failed) {
    return (
      <>
        <title>{`Not connected · ${PRODUCT_NAME}`}</title>
        <h1 className="visually-hidden">Not connected</h1>
        <ListFailure message={UNREACHABLE} retrying={session.retrying} onRetry={session.retry} />
      </>
    );
  }
  const shownEmail = session.user?.email ?? (logout.isIdle || logout.isError ? null : email);
  if (!shownEmail) {
    const redirect = location.pathname + location.search + location.hash;
    return <Navigate to={`${paths.signin()}?redirect=${encodeURIComponent(redirect)}`} replace />;
  }

  const confirm = () => {
    setEmail(shownEmail);
    logout.mutate(undefined, {
      onSuccess: (ended) => {
        const state: Done = { email: shownEmail, ended };
        void navigate(paths.logoutEverywhere(), { replace: true, state });
      },
      onError: () => setFailures((count) => count + 1),
    });
  };

  return (
    <div className={styles.shell}>
      <title>{`Log out of all devices · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="everywhere-title">
        <span className={styles.badge}>
          <MonitorSmartphone size={22} aria-hidden="true" />
        </span>
        <h1 id="everywhere-title" ref={heading} tabIndex={-1} className={styles.title}>
          Log out of all devices?
        </h1>
        <div className={styles.body}>
          <p>
            This ends every session of <strong>{shownEmail}</strong>: in this browser, on your other
            devices, and wherever a link from one of our e-mails was opened (a forwarded e-mail, a
            shared or lost device).
          </p>
          <p>Nothing else changes. To come back, you ask for a new login link.</p>
        </div>
        {failures > 0 && (
          <div key={failures} role="alert" className={styles.alert}>
            <TriangleAlert size={18} aria-hidden="true" />
            <p>{LOGOUT_EVERYWHERE_FAILED}</p>
          </div>
        )}
        <div className={styles.actions}>
          <BusyButton className={styles.button} busy={logout.isPending} onClick={confirm}>
            {logout.isPending ? (
              <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />
            ) : (
              <LogOut size={18} aria-hidden="true" />
            )}
            Log out of all devices
          </BusyButton>
          <Link className={styles.secondaryButton} to={paths.dashboard()}>
            Cancel
          </Link>
        </div>
      </section>
    </div>
  );
}

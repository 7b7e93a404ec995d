import { useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoaderCircle, LogIn, MailWarning, Send } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { PageSpinner } from '../../app/page-spinner';
import { useVerify } from './api';
import { verifyErrorText, verifyFailureKind } from './auth-errors';
import { verifiedDestination } from './auth-state';
import { RENEW_SENT, renewErrorText, useRenewLink } from './renew-link';
import styles from './auth.module.css';

/** /signin/{token}/: signs in from an e-mailed link (§2). */
export function Component() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const queryRedirect = params.get('redirect');
  const navigate = useNavigate();
  const verify = useVerify();
  const { mutate } = verify;
  const renew = useRenewLink();
  // The token leaves the address bar at once (below) but stays here, in memory, so an old link
  // can still ask for a new one.
  const [linkToken] = useState(token);
  // StrictMode runs effects twice on mount; a link token is single-use, so verify exactly once.
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token must not stay in the address bar, the history or a shared screenshot.
    window.history.replaceState(window.history.state, '', paths.signin());
    mutate(token, {
      onSuccess: (reply) => {
        void navigate(verifiedDestination(reply.redirect, queryRedirect), { replace: true });
      },
    });
  }, [mutate, navigate, token, queryRedirect]);

  if (!verify.isError) {
    return (
      <>
        <title>{`Signing in · ${PRODUCT_NAME}`}</title>
        <PageSpinner label="Signing you in…" />
      </>
    );
  }

  const oldLink = verifyFailureKind(verify.error) === 'old-link';
  return (
    <div className={styles.shell}>
      <title>{`${oldLink ? 'Trying to login?' : 'Sign-in failed'} · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="token-title">
        <span className={styles.badge}>
          <MailWarning size={22} aria-hidden="true" />
        </span>
        <h1 id="token-title" className={styles.title}>
          {oldLink ? 'Trying to login?' : "We couldn't sign you in"}
        </h1>
        <div className={styles.body}>
          {oldLink ? (
            <p>It looks like you may be trying to login with an old link.</p>
          ) : (
            <p>{verifyErrorText(verify.error)}</p>
          )}
        </div>
        <div aria-live="polite">
          {renew.isSuccess && <p className={styles.lead}>{RENEW_SENT}</p>}
        </div>
        {renew.isError && (
          <p role="alert" className={styles.alert}>
            {renewErrorText(renew.error)}
          </p>
        )}
        <div className={styles.actions}>
          {oldLink && !renew.isSuccess && (
            <button
              type="button"
              className={styles.button}
              disabled={renew.isPending}
              aria-busy={renew.isPending || undefined}
              onClick={() => renew.mutate(linkToken)}
            >
              {renew.isPending ? (
                <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />
              ) : (
                <Send size={18} aria-hidden="true" />
              )}
              Request a new link to login
            </button>
          )}
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => void navigate(paths.signin())}
          >
            <LogIn size={18} aria-hidden="true" />
            Log In
          </button>
        </div>
      </section>
    </div>
  );
}

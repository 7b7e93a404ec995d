import { useEffect, useRef, useState } from 'react';
import { type NavigateFunction, useNavigate, useParams, useSearchParams } from 'react-router';
import { FilePlus2, LoaderCircle, LogIn, MailWarning, Send, TriangleAlert } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { BusyButton } from '../../ui/busy-button';
import { PageSpinner } from '../../ui/page-spinner';
import type { PendingClaim } from '../../../shared/schemas/auth';
import { useClaimProposal, useVerify } from './api';
import { verifyErrorText, verifyFailureKind } from './auth-errors';
import { loadsFromServer, verifiedDestination } from './auth-state';
import { takeEarlySignin } from '../../lib/early-signin';
import { RENEW_NOT_SENT, RENEW_SENT, renewErrorText, useRenewLink } from './renew-link';
import styles from './auth.module.css';
import { errorText } from '../../lib/error-text';

/** /signin/{token}/: signs in from an e-mailed link (docs/product/auth.md). */
export function Component() {
  const { token = '' } = useParams();
  const [params] = useSearchParams();
  const queryRedirect = params.get('redirect');
  const navigate = useNavigate();
  const verify = useVerify();
  const { mutate } = verify;
  const renew = useRenewLink();
  // The button that asked is gone once a new link is on its way: the answer takes its place.
  const renewed = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (renew.isSuccess) renewed.current?.focus();
  }, [renew.isSuccess]);
  // The token leaves the address bar at once (below) but stays here, in memory, so an old link
  // can still ask for a new one.
  const [linkToken] = useState(token);
  // StrictMode runs effects twice on mount; a link token is single-use, so verify exactly once.
  const started = useRef(false);
  // A proposal this link was e-mailed for, opened in another browser: ask before adding it.
  const [pending, setPending] = useState<PendingClaim | null>(null);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    // The token must not stay in the address bar, the history or a shared screenshot.
    window.history.replaceState(window.history.state, '', paths.signin());
    // Posted already by the page's first script, or posted now (decision 0068).
    const early = takeEarlySignin(token);
    mutate(early ?? token, {
      onSuccess: (reply) => {
        if (reply.pendingClaim) return setPending(reply.pendingClaim);
        // That script is already on its way to a page the server renders.
        if (early?.leaving) return;
        goTo(navigate, verifiedDestination(reply.redirect, queryRedirect));
      },
    });
  }, [mutate, navigate, token, queryRedirect]);

  if (pending) return <ClaimPrompt claim={pending} />;

  if (!verify.isError) {
    return (
      <>
        <title>{`Signing in · ${PRODUCT_NAME}`}</title>
        {/* The e-mail link's page shows this screen until it goes on (decision 0069). */}
        <h1 className="visually-hidden">Signing in</h1>
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
        {/* Read out as it takes the focus (the button that asked is gone), not as a live region too. */}
        {renew.isSuccess && (
          <p ref={renewed} tabIndex={-1} className={styles.answer}>
            {renew.data.sent ? RENEW_SENT : RENEW_NOT_SENT}
          </p>
        )}
        {renew.isError && (
          <p role="alert" className={styles.alert}>
            {renewErrorText(renew.error)}
          </p>
        )}
        <div className={styles.actions}>
          {oldLink && !renew.isSuccess && (
            <BusyButton
              className={styles.button}
              busy={renew.isPending}
              onClick={() => renew.mutate(linkToken)}
            >
              {renew.isPending ? (
                <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />
              ) : (
                <Send size={18} aria-hidden="true" />
              )}
              Request a new link to login
            </BusyButton>
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

/** Where a verified link goes: a proposal's page arrives from the server with its first screen. */
function goTo(navigate: NavigateFunction, destination: string) {
  if (loadsFromServer(destination)) return window.location.replace(destination);
  void navigate(destination, { replace: true });
}

const CLAIM_FAILED = 'We could not add the proposal. Please try again.';

/**
 * The link was e-mailed for a proposal someone created logged out, and opened in a browser other
 * than theirs: the person is signed in, and the proposal joins the account only if they say so.
 */
function ClaimPrompt({ claim }: { claim: PendingClaim }) {
  const navigate = useNavigate();
  const add = useClaimProposal();
  const project = claim.projectName.trim() || 'Untitled Project';
  const error = add.error ? errorText(add.error, CLAIM_FAILED, { serverFaults: 'hide' }) : null;
  return (
    <div className={styles.shell}>
      <title>{`A proposal is waiting · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="claim-prompt-title">
        <span className={styles.badge}>
          <FilePlus2 size={22} aria-hidden="true" />
        </span>
        <h1 id="claim-prompt-title" className={styles.title}>
          A proposal is waiting
        </h1>
        <div className={styles.body}>
          <p>
            You&apos;re logged in. The proposal <strong>{project}</strong> was created for this
            email address.
          </p>
          <p>Add it to your account only if you, or someone you work with, created it.</p>
        </div>
        {error && (
          <div role="alert" className={styles.alert}>
            <TriangleAlert size={18} aria-hidden="true" />
            <p>{error}</p>
          </div>
        )}
        <div className={styles.actions}>
          <button
            type="button"
            className={styles.button}
            disabled={add.isPending}
            aria-busy={add.isPending || undefined}
            onClick={() =>
              add.mutate(claim.proposalId, {
                onSuccess: (reply) => void navigate(reply.redirect, { replace: true }),
              })
            }
          >
            {add.isPending ? (
              <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />
            ) : (
              <FilePlus2 size={18} aria-hidden="true" />
            )}
            Add to my account
          </button>
          <button
            type="button"
            className={styles.secondaryButton}
            onClick={() => void navigate(paths.dashboard(), { replace: true })}
          >
            Not now
          </button>
        </div>
      </section>
    </div>
  );
}

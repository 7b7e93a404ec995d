import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { useSignin, useSignup } from '../auth/api';
import { authErrorText, shouldFallBackToSignin } from '../auth/auth-errors';
import type { SignupFormValues } from '../auth/auth-form';
import styles from '../auth/auth.module.css';
import {
  claimModeFromPath,
  claimModeHref,
  isEmailTaken,
  readClaimState,
  toClaimSigninBody,
  toClaimSignupBody,
  type ClaimMode,
  type SentState,
} from './claim-form';
import { ClaimForm } from './claim-form-fields';

/** /proposal/signup/{id}/ and /proposal/login/{id}/ (§2). */
export function Component() {
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const mode = claimModeFromPath(pathname);
  return <ClaimScreen key={mode} mode={mode} id={id} />;
}

const titles: Record<ClaimMode, string> = {
  signup: 'Proposal Created: Sign Up',
  login: 'Proposal Created: Log In',
};

function ClaimScreen({ mode, id }: { mode: ClaimMode; id: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const defaults = readClaimState(location.state);
  const signin = useSignin();
  const signup = useSignup();

  const goToSent = (email: string) => {
    const state: SentState = { email, kind: 'created' };
    void navigate(paths.proposalSent(id), { replace: true, state });
  };

  const handleSubmit = (values: SignupFormValues) => {
    if (mode === 'login') {
      const body = toClaimSigninBody(values.email, id);
      signin.mutate(body, { onSuccess: () => goToSent(body.email) });
      return;
    }
    const body = toClaimSignupBody(values, id);
    signup.mutate(body, {
      onSuccess: () => goToSent(body.email),
      onError: (error) => {
        // §8: a bare '400' falls back to a sign-in with the same address.
        if (!shouldFallBackToSignin(error)) return;
        signin.mutate(toClaimSigninBody(body.email, id), {
          onSuccess: () => goToSent(body.email),
        });
      },
    });
  };

  const error = mode === 'login' || !signin.isIdle ? signin.error : signup.error;
  const errorText = authErrorText(mode === 'login' ? 'signin' : 'signup', error);
  const pending = signin.isPending || signup.isPending;
  const otherMode: ClaimMode = mode === 'signup' ? 'login' : 'signup';
  const switchLink = (label: string) => (
    <Link to={claimModeHref(otherMode, id)} state={location.state as unknown}>
      {label}
    </Link>
  );

  return (
    <div className={styles.shell}>
      <title>{`${titles[mode]} · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="claim-title">
        <header className={styles.header}>
          <p className={styles.eyebrow}>Your proposal is saved</p>
          <h1 id="claim-title" className={styles.title}>
            {titles[mode]}
          </h1>
          <p className={styles.lead}>
            Confirm your email and we&apos;ll send you a link to review, edit and send your
            proposal.
          </p>
        </header>

        {errorText && (
          <div role="alert" className={styles.alert}>
            <TriangleAlert size={18} aria-hidden="true" />
            <p>
              {errorText}
              {mode === 'signup' && isEmailTaken(error) && (
                <>
                  <br />
                  {switchLink('Log in with this email instead')}
                </>
              )}
            </p>
          </div>
        )}

        <ClaimForm mode={mode} pending={pending} defaults={defaults} onSubmit={handleSubmit} />

        <p className={styles.note}>We&apos;ll never spam you or share your information.</p>
        <p className={styles.switch}>
          {mode === 'signup' ? (
            <>Already have an account? {switchLink('Log in')}</>
          ) : (
            <>
              New to {PRODUCT_NAME}? {switchLink('Sign up')}
            </>
          )}
        </p>
      </section>
    </div>
  );
}

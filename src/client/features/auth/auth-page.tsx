import { useRef } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { paths } from '../../../shared/paths';
import { PRODUCT_NAME } from '../../../shared/constants';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession, useSignin, useSignup } from './api';
import {
  authModeFromPath,
  switchModeHref,
  toSigninBody,
  toSignupBody,
  toSignupRequest,
  type AuthMode,
  type SigninFormValues,
  type SignupFormValues,
} from './auth-form';
import { authErrorText, shouldFallBackToSignin } from './auth-errors';
import { readWrongRole, type SuccessState } from './auth-state';
import { SigninForm } from './signin-form';
import { SignupForm } from './signup-form';
import styles from './auth.module.css';

/** /signup/ and /signin/: one screen, the mode read from the path (docs/product/auth.md). */
export function Component() {
  const location = useLocation();
  const { pathname } = location;
  const { user, isLoading } = useSession();
  const mode = authModeFromPath(pathname);

  const wrongRole = mode === 'signin' && readWrongRole(location.state);

  if (isLoading) return <PageSpinner />;
  if (user && !wrongRole) return <Navigate to={paths.dashboard()} replace />;
  // A fresh screen per mode, so an error of one mode never shows in the other.
  return <AuthScreen key={mode} mode={mode} signedInAs={user?.email ?? null} />;
}

const copy = {
  signup: {
    title: 'Create your contractor account',
    lead: `Build clear proposals, collect product selections and get signatures online. We'll email you a link to log in: no password needed.`,
    documentTitle: `Sign Up · ${PRODUCT_NAME}`,
  },
  signin: {
    title: `Log in to ${PRODUCT_NAME}`,
    lead: `Enter the email you signed up with and we'll send you a secure link to log in. No password needed.`,
    documentTitle: `Log In · ${PRODUCT_NAME}`,
  },
} as const;

/** `signedInAs`: a signed-in user sent here by a page their role may not open (decision 0023). */
function AuthScreen({ mode, signedInAs }: { mode: AuthMode; signedInAs: string | null }) {
  const navigate = useNavigate();
  const { search } = useLocation();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  const signin = useSignin();
  const signup = useSignup();

  const goToSuccess = (email: string, sentFor: AuthMode) => {
    const state: SuccessState = { email, mode: sentFor };
    void navigate(paths.success(), { state });
  };

  // One request at a time: a double click submits twice before React has shown the button busy,
  // and each request would e-mail a link of its own (review 26).
  const asking = useRef(false);
  const settled = () => {
    asking.current = false;
  };

  const handleSignin = (values: SigninFormValues) => {
    if (asking.current) return;
    asking.current = true;
    const body = toSigninBody(values.email, redirect);
    signin.mutate(body, {
      onSuccess: () => goToSuccess(body.email, 'signin'),
      onSettled: settled,
    });
  };

  const handleSignup = (values: SignupFormValues, logo: File | null) => {
    if (asking.current) return;
    asking.current = true;
    const body = toSignupBody(values, redirect);
    signup.mutate(toSignupRequest(body, logo), {
      onSuccess: () => goToSuccess(body.email, 'signup'),
      onError: (error) => {
        if (!shouldFallBackToSignin(error)) return;
        signin.mutate(toSigninBody(body.email, redirect), {
          onSuccess: () => goToSuccess(body.email, 'signin'),
          onSettled: settled,
        });
      },
      // A fallback to signing in keeps it busy until that has its answer too.
      onSettled: (_data, error) => {
        if (!error || !shouldFallBackToSignin(error)) settled();
      },
    });
  };

  // In sign-up mode the sign-in call is only the docs/product/auth.md fallback; once it runs, its answer counts.
  const error = mode === 'signin' || !signin.isIdle ? signin.error : signup.error;
  const errorText = authErrorText(mode, error);
  const pending = signin.isPending || signup.isPending;
  const text = copy[mode];

  return (
    <div className={styles.shell}>
      <title>{text.documentTitle}</title>
      <section className={styles.card} aria-labelledby="auth-title">
        <header className={styles.header}>
          {mode === 'signup' && <p className={styles.eyebrow}>For contractors</p>}
          <h1 id="auth-title" className={styles.title}>
            {text.title}
          </h1>
          <p className={styles.lead}>{text.lead}</p>
        </header>

        {signedInAs && (
          <div role="status" className={styles.notice}>
            <p>
              You are logged in as <strong>{signedInAs}</strong>. That page is for the
              proposal&apos;s contractor: log in with their email to open it.
            </p>
            <p>
              <Link to={paths.dashboard()}>Go to your dashboard</Link>
            </p>
          </div>
        )}

        {errorText && (
          <div role="alert" className={styles.alert}>
            <TriangleAlert size={18} aria-hidden="true" />
            <p>{errorText}</p>
          </div>
        )}

        {mode === 'signup' ? (
          <SignupForm pending={pending} onSubmit={handleSignup} />
        ) : (
          <SigninForm pending={pending} onSubmit={handleSignin} />
        )}

        {mode === 'signup' ? (
          <>
            <p className={styles.note}>We&apos;ll never spam you or share your information.</p>
            <p className={styles.switch}>
              Already have an account? <Link to={switchModeHref('signin', search)}>Log in</Link>
            </p>
          </>
        ) : (
          <p className={styles.switch}>
            New to {PRODUCT_NAME}? <Link to={switchModeHref('signup', search)}>Sign up</Link>
          </p>
        )}
      </section>
    </div>
  );
}

import { useCallback, useRef } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { TriangleAlert } from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import { PageSpinner } from '../../ui/page-spinner';
import { useSession, useSignin, useSignup } from '../auth/api';
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
  type ClaimState,
  type SentState,
} from './claim-form';
import { ClaimForm } from './claim-form-fields';

/**
 * /proposal/signup/{id}/ and /proposal/login/{id}/ (docs/product/sending.md). A signed-in homeowner or designer who
 * made a copy through 'Send Proposal' names the contractor it goes to instead (decision 0010).
 */
export function Component() {
  const { pathname } = useLocation();
  const { id = '' } = useParams();
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner />;
  if (user && user.role !== 'contractor') return <ContractorScreen id={id} />;
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
  // What is typed, carried to the other mode's form (decision 0010).
  const typed = useRef<ClaimState>(defaults);
  const keepTyped = useCallback((values: ClaimState) => {
    typed.current = values;
  }, []);
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
        // docs/product/auth.md: a bare '400' falls back to a sign-in with the same address.
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
    <Link
      to={claimModeHref(otherMode, id)}
      onClick={(event) => {
        event.preventDefault();
        void navigate(claimModeHref(otherMode, id), { state: readClaimState(typed.current) });
      }}
    >
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

        <ClaimForm
          mode={mode}
          pending={pending}
          defaults={defaults}
          onSubmit={handleSubmit}
          onEdit={keepTyped}
        />

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

/**
 * 'Send Proposal' by a homeowner or designer: the contractor's e-mail (and name, for a new account).
 * Sign-up makes them a contractor account; an address that already has one gets a log-in link.
 * Either e-mail says who asked and that a proposal is waiting; they add it to their account.
 */
function ContractorScreen({ id }: { id: string }) {
  const navigate = useNavigate();
  const signin = useSignin();
  const signup = useSignup();

  const goToSent = (email: string) => {
    const state: SentState = { email, kind: 'sent' };
    void navigate(paths.proposalSent(id), { replace: true, state });
  };

  const handleSubmit = (values: SignupFormValues) => {
    const body = toClaimSignupBody({ ...values, phoneNumber: '', companyName: '' }, id);
    signup.mutate(body, {
      onSuccess: () => goToSent(body.email),
      onError: (error) => {
        // An address with an account already: send them a log-in link for it instead.
        if (!isEmailTaken(error) && !shouldFallBackToSignin(error)) return;
        signin.mutate(toClaimSigninBody(body.email, id), {
          onSuccess: () => goToSent(body.email),
        });
      },
    });
  };

  const error = signin.isIdle ? signup.error : signin.error;
  const errorText = authErrorText(signin.isIdle ? 'signup' : 'signin', error);
  return (
    <div className={styles.shell}>
      <title>{`Send Proposal · ${PRODUCT_NAME}`}</title>
      <section className={styles.card} aria-labelledby="claim-title">
        <header className={styles.header}>
          <p className={styles.eyebrow}>Your copy is saved</p>
          <h1 id="claim-title" className={styles.title}>
            Send Proposal
          </h1>
          <p className={styles.lead}>
            Who should prepare this proposal for you? We&apos;ll email the contractor a link to add
            it to their account, adjust it and send it back to you.
          </p>
        </header>
        {errorText && (
          <div role="alert" className={styles.alert}>
            <TriangleAlert size={18} aria-hidden="true" />
            <p>{errorText}</p>
          </div>
        )}
        <ClaimForm
          mode="signup"
          forContractor
          pending={signin.isPending || signup.isPending}
          defaults={{}}
          onSubmit={handleSubmit}
        />
        <p className={styles.note}>We&apos;ll never spam you or share your information.</p>
      </section>
    </div>
  );
}

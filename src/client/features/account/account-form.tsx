import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import {
  CircleCheck,
  LoaderCircle,
  LogOut,
  RotateCw,
  TriangleAlert,
  UserRound,
} from 'lucide-react';
import { PRODUCT_NAME } from '../../../shared/constants';
import { paths } from '../../../shared/paths';
import type { Account } from '../../../shared/schemas/account';
import { ApiRequestError } from '../../lib/api';
import { errorText } from '../../lib/error-text';
import { useSupportEmail } from '../../lib/public-config';
import { BusyButton } from '../../ui/busy-button';
import { LogoField } from '../auth/logo-field';
import { TextField } from '../auth/text-field';
import { mailtoHref } from '../public/frame/mailto';
import authStyles from '../auth/auth.module.css';
import formStyles from '../auth/form.module.css';
import styles from './account.module.css';
import {
  NAME_REQUIRED,
  SAVED,
  SAVING,
  effectsOf,
  isChanged,
  nameError,
  valuesOf,
  type AccountValues,
  type LogoChoice,
} from './account-model';
import { useSaveAccount } from './api';

const SAVE_FAILED = 'Your changes could not be saved. Please try again.';

interface Failure {
  message: string;
  /** Another tab or device saved first (409): the page offers to reload. */
  stale: boolean;
  /** Counts failures, so each is a new alert, announced again. */
  seq: number;
}

interface AccountFormProps {
  account: Account;
  /** Drawn again from the server after a conflict: the page says so. */
  reloaded: boolean;
  onReload: () => Promise<void>;
}

export function AccountForm({ account, reloaded, onReload }: AccountFormProps) {
  const { user } = account;
  const contractor = user.role === 'contractor';
  const save = useSaveAccount();
  const supportEmail = useSupportEmail();
  const [values, setValues] = useState<AccountValues>(() => valuesOf(user));
  const [logo, setLogo] = useState<LogoChoice>({ kind: 'keep' });
  // A new logo field after a save, its chosen file then being the account's logo.
  const [logoRound, setLogoRound] = useState(0);
  const [nameProblem, setNameProblem] = useState<string | undefined>();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [reloading, setReloading] = useState(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const effects = effectsOf(user.role);

  // Drawn again after a conflict: the reader starts at the title, which says what happened.
  useEffect(() => {
    if (reloaded) heading.current?.focus();
  }, [reloaded]);

  const edit = (key: keyof AccountValues) => (value: string) => {
    setValues((v) => ({ ...v, [key]: value }));
    setSaved(false);
    if (key === 'name') setNameProblem(undefined);
  };
  const chooseLogo = (next: LogoChoice) => {
    setLogo(next);
    setSaved(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const problem = nameError(user.role, values.name);
    setNameProblem(problem);
    if (problem) {
      nameInput.current?.focus();
      return;
    }
    setFailure(null);
    setSaved(false);
    save.mutate(
      { role: user.role, values, version: account.version, logo },
      {
        onSuccess: (next) => {
          setValues(valuesOf(next.user));
          setLogo({ kind: 'keep' });
          setLogoRound((n) => n + 1);
          setSaved(true);
        },
        onError: (error) => {
          const stale = error instanceof ApiRequestError && error.status === 409;
          const message = errorText(error, SAVE_FAILED);
          if (message === NAME_REQUIRED) {
            setNameProblem(message);
            nameInput.current?.focus();
            return;
          }
          setFailure((f) => ({ message, stale, seq: (f?.seq ?? 0) + 1 }));
        },
      },
    );
  };

  const reload = async () => {
    setReloading(true);
    try {
      await onReload();
    } finally {
      setReloading(false);
    }
  };

  const logoUrl = logo.kind === 'remove' ? null : user.companyLogo;
  const changed = isChanged(user, values, logo);

  return (
    <div className={authStyles.shell}>
      <title>{`Account settings · ${PRODUCT_NAME}`}</title>
      <section className={`${authStyles.card} ${styles.card}`} aria-labelledby="account-title">
        <span className={authStyles.badge}>
          <UserRound size={22} aria-hidden="true" />
        </span>
        <h1 id="account-title" ref={heading} tabIndex={-1} className={authStyles.title}>
          Account settings
        </h1>
        <p className={authStyles.lead}>
          {reloaded
            ? 'These are the details saved now, including the change made elsewhere.'
            : contractor
              ? 'Your details as homeowners and your team see them on what you send.'
              : 'Your name and phone number.'}
        </p>

        <form
          className={`${formStyles.form} ${styles.form}`}
          onSubmit={submit}
          noValidate
          aria-label="Account settings"
        >
          <div className={formStyles.field}>
            <span className={formStyles.label} id="account-email-label">
              Email
            </span>
            <p className={styles.readonly} aria-labelledby="account-email-label">
              {user.email}
            </p>
            <p className={formStyles.hint}>
              This is the address you log in with.{' '}
              {supportEmail ? (
                <>
                  To use another one, write to <a href={mailtoHref(supportEmail)}>{supportEmail}</a>{' '}
                  from this address.
                </>
              ) : (
                'To use another one, write to our support team from this address.'
              )}
            </p>
          </div>
          <TextField
            ref={nameInput}
            label="Name"
            autoComplete="name"
            maxLength={120}
            aria-required={contractor || undefined}
            optional={!contractor}
            hint={
              contractor
                ? 'Homeowners see this name on your proposals and e-mails.'
                : 'Contractors and teams see it on proposals you are invited to.'
            }
            error={nameProblem}
            value={values.name}
            onChange={(e) => edit('name')(e.target.value)}
          />
          <div className={formStyles.row}>
            <TextField
              label="Phone number"
              type="tel"
              autoComplete="tel"
              maxLength={40}
              optional
              value={values.phoneNumber}
              onChange={(e) => edit('phoneNumber')(e.target.value)}
            />
            {contractor && (
              <TextField
                label="Company name"
                autoComplete="organization"
                maxLength={160}
                optional
                value={values.companyName}
                onChange={(e) => edit('companyName')(e.target.value)}
              />
            )}
          </div>
          {contractor && (
            <LogoField
              key={logoRound}
              hint="PNG, JPG or GIF, up to 15 MB. New proposals start with it on their cover."
              current={logoUrl}
              onRemoveCurrent={() => chooseLogo({ kind: 'remove' })}
              onChange={(file) => chooseLogo(file ? { kind: 'replace', file } : { kind: 'keep' })}
            />
          )}

          {failure && (
            <div key={failure.seq} role="alert" className={`${authStyles.alert} ${styles.alert}`}>
              <TriangleAlert size={18} aria-hidden="true" />
              <div>
                <p>{failure.message}</p>
                {failure.stale && (
                  <p>
                    <BusyButton
                      className={authStyles.secondaryButton}
                      busy={reloading}
                      onClick={() => void reload()}
                    >
                      {reloading ? (
                        <LoaderCircle className={authStyles.spinner} size={18} aria-hidden="true" />
                      ) : (
                        <RotateCw size={18} aria-hidden="true" />
                      )}
                      Reload the saved details
                    </BusyButton>
                  </p>
                )}
              </div>
            </div>
          )}

          <div className={authStyles.actions}>
            <BusyButton type="submit" className={authStyles.button} busy={save.isPending}>
              {save.isPending && (
                <LoaderCircle className={authStyles.spinner} size={18} aria-hidden="true" />
              )}
              Save changes
            </BusyButton>
            <Link className={authStyles.secondaryButton} to={paths.dashboard()}>
              {changed ? 'Cancel' : 'Back to dashboard'}
            </Link>
          </div>
          <p role="status" className={saved && !save.isPending ? styles.saved : styles.status}>
            {save.isPending ? (
              SAVING
            ) : saved ? (
              <>
                <CircleCheck size={18} aria-hidden="true" />
                {contractor
                  ? `${SAVED} New proposals and e-mails use them from now on.`
                  : `${SAVED}`}
              </>
            ) : null}
          </p>
        </form>

        <aside className={styles.effects} aria-labelledby="account-effects-title">
          <h2 id="account-effects-title">{effects.title}</h2>
          <ul>
            {effects.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </aside>

        {/* Here rather than in the header, whose bar must fit from 770 px (decision 0089). */}
        <section className={styles.sessions} aria-labelledby="account-sessions-title">
          <h2 id="account-sessions-title">Signed in somewhere else?</h2>
          <p>
            A shared or lost device, or a sign-in e-mail you forwarded, can still act as you. End
            every session of this account, this one included.
          </p>
          <Link className={authStyles.secondaryButton} to={paths.logoutEverywhere()}>
            <LogOut size={18} aria-hidden="true" />
            Log out of all devices
          </Link>
        </section>
      </section>
    </div>
  );
}

import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../shared/paths';
import { useSession } from '../auth/api';
import { takeOver } from '../../prerender/takeover';
import styles from './error-page.module.css';

// The feedback form and its dialog load with the error page, not with every page (decision 0033).
const FeedbackDialog = lazy(() =>
  import('./feedback-dialog').then((m) => ({ default: m.FeedbackDialog })),
);

/** A spirit level with its bubble off-centre: the page's one bit of humour, hidden from readers. */
function TiltedLevel() {
  return (
    <svg className={styles.art} viewBox="0 0 240 120" aria-hidden="true" focusable="false">
      <line
        x1="12"
        y1="104"
        x2="228"
        y2="104"
        stroke="#dfe3e6"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <g transform="rotate(-7 120 64)">
        <rect x="20" y="44" width="200" height="40" rx="8" fill="#f4b942" />
        <rect x="20" y="44" width="200" height="10" rx="5" fill="#ffffff" opacity="0.25" />
        <rect
          x="92"
          y="52"
          width="56"
          height="24"
          rx="12"
          fill="#e5eff2"
          stroke="#1f4e5f"
          strokeWidth="3"
        />
        <line x1="112" y1="52" x2="112" y2="76" stroke="#1f4e5f" strokeWidth="2" />
        <line x1="128" y1="52" x2="128" y2="76" stroke="#1f4e5f" strokeWidth="2" />
        <circle cx="140" cy="64" r="6" fill="#1f4e5f" opacity="0.75" />
        <circle cx="40" cy="64" r="4" fill="#1d2329" opacity="0.35" />
        <circle cx="200" cy="64" r="4" fill="#1d2329" opacity="0.35" />
      </g>
    </svg>
  );
}

/**
 * docs/product/errors.md / docs/product/errors.md: the page shown for unknown paths, render errors and uncaught runtime errors.
 * `eventId` is the stored report's id, shown so a support conversation can find it.
 */
export function ErrorPage({ eventId }: { eventId?: string }) {
  const { user } = useSession();
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The page replaces what the person was looking at; moving focus to the heading makes screen
  // readers announce the change instead of staying silent on a control that no longer exists.
  // On a server-rendered page (decision 0040) the error is shown, not the server's first screen.
  useLayoutEffect(takeOver, []);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section className={styles.page} aria-labelledby="error-title">
      <title>Something went wrong · Plansmith</title>
      <TiltedLevel />
      <h1 id="error-title" ref={headingRef} tabIndex={-1} className={styles.title}>
        Well that&apos;s awkward.
      </h1>
      <p className={styles.lead}>
        Sorry, there&apos;s been an issue and we couldn&apos;t load this page.
      </p>
      <p className={styles.help}>
        If it keeps happening, please{' '}
        <Suspense
          fallback={
            <button type="button" className="link-button">
              get in touch
            </button>
          }
        >
          <FeedbackDialog eventId={eventId} />
        </Suspense>{' '}
        and tell us what you were doing. We&apos;ll look into it.
      </p>
      {eventId && (
        <p className={styles.reference}>
          Reference: <code className={styles.code}>{eventId}</code>
        </p>
      )}
      <Link to={user ? paths.dashboard() : paths.home()} className="btn btn-primary btn-lg">
        Go Home
      </Link>
    </section>
  );
}

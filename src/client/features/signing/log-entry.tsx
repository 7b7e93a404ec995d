import dayjs from 'dayjs';
import { CircleCheck, CircleX } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  LOG_DATE_FORMAT,
  NO_CONSENT_RECORDED,
  type LogEntry,
  type SigningLog,
} from '../../../shared/schemas/signing';
import styles from './log-page.module.css';

/** docs/product/constants.md 'MMMM D, YYYY at hh:mm:ss', in the reader's time zone. */
export const logDate = (ms: number) => dayjs(ms).format(LOG_DATE_FORMAT);

/** The same moment in UTC on a 24-hour clock: '2026-11-30 19:18:43 UTC'. */
export const logDateUtc = (ms: number) => {
  const iso = new Date(ms).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
};

/**
 * A time of the log as the spec writes it, then the same moment in UTC: the spec's 12-hour clock
 * has no AM/PM and the reader's zone is not named, and a signing record must not be read two
 * ways (decision 0084).
 */
export function LogTime({ at }: { at: number }) {
  return (
    <>
      <time dateTime={new Date(at).toISOString()}>{logDate(at)}</time>{' '}
      <span className={styles.utc}>({logDateUtc(at)})</span>
    </>
  );
}

/** One party's signature record: the docs/product/signing.md fields, the hash signed and whether it still matches. */
export function LogEntryCard(props: {
  title: 'Contractor' | 'Homeowner';
  entry: LogEntry | null;
  matches: boolean | null;
}) {
  const { title, entry, matches } = props;
  const headingId = `log-${title.toLowerCase()}`;
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {title}
      </h2>
      {entry === null ? (
        <p className={styles.muted}>Not signed yet.</p>
      ) : (
        <>
          <MatchStatus who={title.toLowerCase()} matches={matches} />
          <div className={styles.entry}>
            <dl className={styles.fields}>
              <Field label="Name" value={entry.name} />
              <Field label="Email" value={entry.email} />
              <Field label="IP" value={entry.ip} />
              <Field label="Signed at" value={<LogTime at={entry.signedAt} />} />
              <Field
                label="Last login at"
                value={
                  entry.lastLoginAt === null ? 'Not recorded' : <LogTime at={entry.lastLoginAt} />
                }
              />
              <Field label="Browser" value={entry.userAgent || 'Not recorded'} />
              <Field label="Document hash signed" value={entry.contentHash} code />
            </dl>
            <figure className={styles.signature}>
              <img
                src={entry.signature}
                alt={`${title} signature of ${entry.name || entry.email}`}
              />
              <figcaption>Signature</figcaption>
            </figure>
          </div>
          <details className={styles.consent}>
            <summary>
              {entry.consent === NO_CONSENT_RECORDED
                ? 'No consent statement recorded'
                : 'Consent accepted when signing'}
            </summary>
            <p>{entry.consent}</p>
          </details>
        </>
      )}
    </section>
  );
}

export function Field({ label, value, code }: { label: string; value: ReactNode; code?: boolean }) {
  return (
    <div className={styles.field}>
      <dt>{label}</dt>
      <dd>{code ? <code className={styles.hash}>{value}</code> : value}</dd>
    </div>
  );
}

function MatchStatus({ who, matches }: { who: string; matches: boolean | null }) {
  if (matches === null) return null;
  return matches ? (
    <p className={`${styles.status} ${styles.match}`}>
      <CircleCheck size={18} aria-hidden="true" />
      Content matches: the proposal is unchanged since the {who} signed it.
    </p>
  ) : (
    <p className={`${styles.status} ${styles.mismatch}`}>
      <CircleX size={18} aria-hidden="true" />
      Content does not match: the proposal has changed since the {who} signed it.
    </p>
  );
}

/** Signatures withdrawn by an edit after signing (decision 0009): kept in the log with both times. */
export function WithdrawnCard({ entries }: { entries: SigningLog['withdrawn'] }) {
  if (entries.length === 0) return null;
  return (
    <section className={styles.card} aria-labelledby="log-withdrawn">
      <h2 id="log-withdrawn" className={styles.cardTitle}>
        Withdrawn signatures
      </h2>
      {entries.map((w) => (
        <dl key={`${w.role}-${w.withdrawnAt}`} className={styles.fields}>
          <Field label="Signed as" value={w.role === 'contractor' ? 'Contractor' : 'Homeowner'} />
          <Field label="Name" value={w.name} />
          <Field label="Email" value={w.email} />
          <Field label="IP" value={w.ip} />
          <Field label="Signed at" value={<LogTime at={w.signedAt} />} />
          <Field
            label="Withdrawn at"
            value={
              <>
                <LogTime at={w.withdrawnAt} />, by an edit
              </>
            }
          />
          <Field label="Document hash signed" value={w.contentHash} code />
        </dl>
      ))}
    </section>
  );
}

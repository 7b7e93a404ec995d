import dayjs from 'dayjs';
import { CircleCheck, CircleX } from 'lucide-react';
import { LOG_DATE_FORMAT, type LogEntry } from '../../../shared/schemas/signing';
import styles from './log-page.module.css';

/** §9 'MMMM D, YYYY at hh:mm:ss'. */
export const logDate = (ms: number) => dayjs(ms).format(LOG_DATE_FORMAT);

/** One party's signature record: the §2 fields, the hash signed and whether it still matches. */
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
              <Field label="Signed at" value={logDate(entry.signedAt)} />
              <Field
                label="Last login at"
                value={entry.lastLoginAt === null ? 'Not recorded' : logDate(entry.lastLoginAt)}
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
            <summary>Consent accepted when signing</summary>
            <p>{entry.consent}</p>
          </details>
        </>
      )}
    </section>
  );
}

function Field({ label, value, code }: { label: string; value: string; code?: boolean }) {
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

import dayjs from 'dayjs';
import { CircleCheck, CircleX } from 'lucide-react';
import {
  LOG_DATE_FORMAT,
  NO_CONSENT_RECORDED,
  type LogEntry,
  type SigningLog,
} from '../../../shared/schemas/signing';
import styles from './log-page.module.css';

/** docs/product/constants.md 'MMMM D, YYYY at hh:mm:ss'. */
export const logDate = (ms: number) => dayjs(ms).format(LOG_DATE_FORMAT);

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

export function Field({ label, value, code }: { label: string; value: string; code?: boolean }) {
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
          <Field label="Signed at" value={logDate(w.signedAt)} />
          <Field label="Withdrawn at" value={`${logDate(w.withdrawnAt)}, by an edit`} />
          <Field label="Document hash signed" value={w.contentHash} code />
        </dl>
      ))}
    </section>
  );
}

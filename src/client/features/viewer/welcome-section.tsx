import { useRef, useState } from 'react';
import { PLACEHOLDERS } from '../../../shared/defaults/placeholders';
import { formatDate } from '../../../shared/domain/status';
import type { Proposal } from '../../../shared/schemas/proposal';
import { LocalTime } from '../../ui/local-time';
import { Filled, Section } from './section';
import { notePreview } from './welcome-note';
import viewer from './viewer.module.css';
import styles from './welcome.module.css';

interface WelcomeProps {
  proposal: Proposal;
  placeholders: boolean;
  /** 'to me' for the homeowner, 'to {name}' for the others, or nothing when unknown. */
  addressee: string | null;
  /** Print: the whole note, no 'Read more...'. */
  expanded: boolean;
}

/** Welcome (docs/product/viewer.md): date, photo, from and to, the note (collapsing when long), 'Best,' and details. */
export function WelcomeSection({ proposal: p, placeholders, addressee, expanded }: WelcomeProps) {
  const show = placeholders;
  const name = p.name.trim();
  const photoAlt = name ? `Photo of ${name}` : 'Photo of the contractor';
  return (
    <Section
      id="welcome"
      title="Welcome"
      aside={<LocalTime ms={p.date} format={formatDate} className={viewer.muted} />}
    >
      <div className={styles.letterHead}>
        {p.personalPhoto && (
          <img src={p.personalPhoto.url} alt={photoAlt} className={styles.photo} />
        )}
        <div>
          <p className={styles.from}>
            <Filled value={name} placeholder={PLACEHOLDERS.name} show={show} />
          </p>
          {addressee && <p className={styles.to}>to {addressee}</p>}
        </div>
      </div>
      <Note note={p.introductoryNote} expanded={expanded} />
      <p className={styles.signOff}>
        <span>Best,</span>
        <SignOffLine value={name} placeholder={PLACEHOLDERS.name} show={show} strong />
        <SignOffLine value={p.companyName} placeholder={PLACEHOLDERS.companyName} show={show} />
        <SignOffLine value={p.phoneNumber} placeholder={PLACEHOLDERS.phoneNumber} show={show} />
      </p>
    </Section>
  );
}

function SignOffLine(props: {
  value: string;
  placeholder: string;
  show: boolean;
  strong?: boolean;
}) {
  if (!props.value.trim() && !props.show) return null;
  return (
    <span className={props.strong ? styles.signName : undefined}>
      <Filled value={props.value} placeholder={props.placeholder} show={props.show} />
    </span>
  );
}

function Note({ note, expanded }: { note: string; expanded: boolean }) {
  const preview = notePreview(note);
  const [open, setOpen] = useState(false);
  const restRef = useRef<HTMLDivElement>(null);
  if (preview.first === null) return null;
  const showRest = expanded || open || !preview.collapsible;
  return (
    <div className={`${viewer.prose} ${styles.note}`}>
      <p>{preview.first}</p>
      {showRest ? (
        <div ref={restRef} id="welcome-note-rest" tabIndex={-1} className={styles.rest}>
          {preview.rest.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : (
        <button
          type="button"
          className="link-button"
          aria-expanded="false"
          onClick={() => {
            setOpen(true);
            // The button goes away: keep the reader's place by moving focus to what appeared.
            requestAnimationFrame(() => restRef.current?.focus());
          }}
        >
          Read more...
        </button>
      )}
    </div>
  );
}

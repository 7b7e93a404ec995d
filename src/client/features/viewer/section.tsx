import type { ReactNode } from 'react';
import { paragraphsOf } from './welcome-note';
import { SECTION_ANCHORS, type SectionId } from './sections';
import styles from './viewer.module.css';

/** One section of the document: its anchor, an h2 and the content. */
export function Section(props: {
  id: SectionId;
  title: string;
  /** Beside the heading: a date, a toggle. */
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const anchor = SECTION_ANCHORS[props.id];
  return (
    <section
      id={anchor}
      aria-labelledby={`${anchor}-title`}
      className={`${styles.section} ${props.className ?? ''}`}
      data-section={props.id}
    >
      <div className={styles.sectionHead}>
        <h2 id={`${anchor}-title`} className={styles.sectionTitle}>
          {props.title}
        </h2>
        {props.aside}
      </div>
      {props.children}
    </section>
  );
}

/** Text as paragraphs, one per line (docs/product/viewer.md contract; the same for goal, team and notes). */
export function Paragraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = paragraphsOf(text);
  if (paragraphs.length === 0) return null;
  return (
    <div className={`${styles.prose} ${className ?? ''}`}>
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </div>
  );
}

/** A field's value, or for the owner its docs/product/viewer.md placeholder; nothing when neither applies. */
export function Filled(props: { value: string; placeholder: string; show: boolean }) {
  const value = props.value.trim();
  if (value) return <>{value}</>;
  if (!props.show) return null;
  return <span className={styles.placeholder}>{props.placeholder}</span>;
}

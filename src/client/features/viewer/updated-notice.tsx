import { LocalTime } from '../../ui/local-time';
import { formatEventDate } from './activity-model';
import styles from './viewer.module.css';

/**
 * The homeowner's view: the proposal changed after it was sent to them (decision 0085), so they
 * read it again before signing. A status, so a reload that brings an edit is heard.
 */
export function UpdatedNotice({ at }: { at: number }) {
  return (
    <p role="status" className={styles.updated}>
      Updated <LocalTime ms={at} format={formatEventDate} />, after it was sent to you.
    </p>
  );
}

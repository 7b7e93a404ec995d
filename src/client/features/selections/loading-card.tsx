import { Spinner } from '../../ui/spinner';
import styles from './option-card.module.css';

/** §2: stands in for an option while its product is fetched and added. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <li className={`${styles.card} ${styles.loading}`} role="status">
      <div className={styles.loadingBody}>
        <Spinner size={24} />
        <span className={styles.loadingText}>Fetching product…</span>
        <span className={styles.loadingLabel}>{label}</span>
      </div>
    </li>
  );
}

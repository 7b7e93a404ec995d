import { Spinner } from '../../ui/spinner';
import { FETCHING_PRODUCT } from './use-add-option';
import styles from './option-card.module.css';

/**
 * docs/product/selections.md: stands in for an option while its product is fetched and added. A plain list item: the
 * page's live region says 'Fetching product…' once, rather than a status region per card.
 */
export function LoadingCard({ label }: { label: string }) {
  return (
    <li className={`${styles.card} ${styles.loading}`}>
      <div className={styles.loadingBody}>
        <Spinner size={24} />
        <span className={styles.loadingText}>{FETCHING_PRODUCT}</span>
        <span className={styles.loadingLabel}>{label}</span>
      </div>
    </li>
  );
}

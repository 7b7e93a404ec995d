import styles from './page-spinner.module.css';

/**
 * `fill` for a page whose content is long (a proposal): the spinner takes the whole screen, so
 * the footer starts below it and does not jump away when the content arrives (layout shift).
 */
export function PageSpinner({
  label = 'Loading…',
  fill = false,
}: {
  label?: string;
  fill?: boolean;
}) {
  return (
    <div className={`${styles.wrap} ${fill ? styles.fill : ''}`} role="status" aria-live="polite">
      <span className={styles.spinner} aria-hidden="true" />
      <span className={styles.label}>{label}</span>
    </div>
  );
}

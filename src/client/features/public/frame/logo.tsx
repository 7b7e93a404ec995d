import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../../../shared/constants';
import styles from './logo.module.css';

/** The mark of the favicon: a "P" drawn like a plan line, on the brand teal. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#1f4e5f" />
      <path
        d="M8 22V10h8.5a4.5 4.5 0 0 1 0 9H12"
        fill="none"
        stroke="#f4b942"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** Mark and wordmark, linking home; the visible word is the link's name. */
export function Logo({ to, tone = 'dark' }: { to: string; tone?: 'dark' | 'light' }) {
  return (
    <Link to={to} className={`${styles.logo} ${tone === 'light' ? styles.light : ''}`}>
      <LogoMark />
      <span className={styles.word}>{PRODUCT_NAME}</span>
    </Link>
  );
}

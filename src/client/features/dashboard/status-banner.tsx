import { CircleCheck, X } from 'lucide-react';
import styles from './status-banner.module.css';

interface StatusBannerProps {
  message: string | null;
  /** Work in progress (Duplicate), for screen readers; the row shows a spinner. */
  progress: string;
  onDismiss: () => void;
}

/**
 * The outcome of an action whose row is gone (deleted, reassigned), until dismissed. The page's
 * one live region: it is always there, so a message is announced when it appears.
 */
export function StatusBanner({ message, progress, onDismiss }: StatusBannerProps) {
  return (
    <div role="status">
      <span className="visually-hidden">{progress}</span>
      {message && (
        <div className={styles.banner}>
          <CircleCheck size={18} aria-hidden="true" className={styles.bannerIcon} />
          <p className={styles.bannerText}>{message}</p>
          <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={onDismiss}>
            <X size={16} aria-hidden="true" />
          </button>
        </div>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { AlertTriangle, RotateCw } from 'lucide-react';
import { BusyButton } from './busy-button';
import { Spinner } from './spinner';
import styles from './list-states.module.css';

/* The states every paged list shows: loading, failed (with 'Try again'), empty, 'Load more'. */

export function ListLoading({ label }: { label: string }) {
  return (
    <div className={styles.loading} role="status">
      <Spinner size={20} />
      {label}
    </div>
  );
}

interface RetryProps {
  retrying: boolean;
  onRetry: () => void;
}

export function RetryButton({ retrying, onRetry }: RetryProps) {
  return (
    <BusyButton className="btn btn-secondary btn-sm" busy={retrying} onClick={() => onRetry()}>
      {retrying ? <Spinner /> : <RotateCw size={16} aria-hidden="true" />}
      Try again
    </BusyButton>
  );
}

interface ListFailureProps extends RetryProps {
  message: string;
  /** A slim bar above rows already shown, instead of the whole panel. */
  compact?: boolean;
}

/** A failed load: the server's message and 'Try again'. */
export function ListFailure({ message, retrying, onRetry, compact = false }: ListFailureProps) {
  return (
    <div className={compact ? styles.failureBar : styles.failure} role="alert">
      <AlertTriangle size={compact ? 18 : 24} aria-hidden="true" className={styles.failureIcon} />
      <p className={styles.failureText}>{message}</p>
      <RetryButton retrying={retrying} onRetry={onRetry} />
    </div>
  );
}

interface ListEmptyProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}

export function ListEmpty({ icon, title, children }: ListEmptyProps) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>{icon}</span>
      <h3 className={styles.emptyTitle}>{title}</h3>
      {children && <p className={styles.emptyText}>{children}</p>}
    </div>
  );
}

interface LoadMoreProps {
  pending: boolean;
  /** Set when the last next-page request failed. */
  error: string | null;
  onLoad: () => void;
  className?: string;
}

/** Under a list while the server may have more; 'Try again' after a failure. */
export function LoadMore({ pending, error, onLoad, className }: LoadMoreProps) {
  return (
    <div className={className ? `${styles.more} ${className}` : styles.more}>
      {error && (
        <p role="alert" className={styles.moreError}>
          {error}
        </p>
      )}
      {error ? (
        <RetryButton retrying={pending} onRetry={onLoad} />
      ) : (
        <BusyButton className="btn btn-secondary" busy={pending} onClick={() => onLoad()}>
          {pending && <Spinner />}
          {pending ? 'Loading more…' : 'Load more'}
        </BusyButton>
      )}
    </div>
  );
}

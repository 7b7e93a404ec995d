import { AlertTriangle, RotateCw, SearchX } from 'lucide-react';
import { ApiRequestError } from '../../lib/api';
import { Spinner } from '../../ui/spinner';
import { emptyMessage } from './catalogue-model';
import styles from './catalogue-states.module.css';

/** The server's readable message for a failed call, or `fallback` for anything else. */
export function failureText(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.message.trim()) return error.message;
  return fallback;
}

export function CatalogueLoading() {
  return (
    <div className={styles.loading}>
      <Spinner size={20} />
      Loading products…
    </div>
  );
}

export function CatalogueEmpty({ terms }: { terms: string }) {
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <SearchX size={26} aria-hidden="true" />
      </span>
      <h3 className={styles.emptyTitle}>{emptyMessage(terms)}</h3>
      {terms !== '' && (
        <p className={styles.emptyText}>Try fewer words, or another name for the product.</p>
      )}
    </div>
  );
}

interface RetryProps {
  message: string;
  retrying: boolean;
  onRetry: () => void;
}

/** A failed first page: the message and 'Try again', in place of the grid. */
export function CatalogueFailure({ message, retrying, onRetry }: RetryProps) {
  return (
    <div className={styles.failure} role="alert">
      <AlertTriangle size={24} aria-hidden="true" className={styles.failureIcon} />
      <p className={styles.failureText}>{message}</p>
      <RetryButton retrying={retrying} onRetry={onRetry} />
    </div>
  );
}

interface MoreProps {
  pending: boolean;
  /** Set when the last next-page request failed. */
  error: string | null;
  onLoad: () => void;
}

/**
 * Under the grid while the server may have more: what scrolling does, as a button for keyboard
 * users; the spinner while the next page loads; 'Try again' after a failure.
 */
export function LoadMore({ pending, error, onLoad }: MoreProps) {
  return (
    <div className={styles.more}>
      {error && (
        <p role="alert" className={styles.moreError}>
          {error}
        </p>
      )}
      {error ? (
        <RetryButton retrying={pending} onRetry={onLoad} />
      ) : (
        <button
          type="button"
          className="btn btn-secondary"
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
          onClick={() => {
            if (!pending) onLoad();
          }}
        >
          {pending && <Spinner />}
          {pending ? 'Loading more…' : 'Load more'}
        </button>
      )}
    </div>
  );
}

function RetryButton({ retrying, onRetry }: Omit<RetryProps, 'message'>) {
  return (
    <button
      type="button"
      className="btn btn-secondary btn-sm"
      aria-disabled={retrying || undefined}
      aria-busy={retrying || undefined}
      onClick={() => {
        if (!retrying) onRetry();
      }}
    >
      {retrying ? <Spinner /> : <RotateCw size={16} aria-hidden="true" />}
      Try again
    </button>
  );
}

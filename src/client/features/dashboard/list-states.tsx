import { AlertTriangle, FileText, Inbox, RotateCw } from 'lucide-react';
import { Spinner } from '../../ui/spinner';
import styles from './list-states.module.css';

export function ListLoading() {
  return (
    <div className={styles.loading} role="status">
      <Spinner size={20} />
      Loading your proposals…
    </div>
  );
}

interface ListFailureProps {
  message: string;
  retrying: boolean;
  onRetry: () => void;
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

function RetryButton({ retrying, onRetry }: Pick<ListFailureProps, 'retrying' | 'onRetry'>) {
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

interface LoadMoreProps {
  pending: boolean;
  error: string | null;
  onLoad: () => void;
}

/** 'Load more' under the rows while the server has another page; 'Try again' after a failure. */
export function LoadMore({ pending, error, onLoad }: LoadMoreProps) {
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
          onClick={onLoad}
        >
          {pending && <Spinner />}
          Load more
        </button>
      )}
    </div>
  );
}

export function EmptyState({ isContractor }: { isContractor: boolean }) {
  const Icon = isContractor ? FileText : Inbox;
  return (
    <div className={styles.empty}>
      <span className={styles.emptyIcon}>
        <Icon size={26} aria-hidden="true" />
      </span>
      <h3 className={styles.emptyTitle}>No proposals yet</h3>
      {isContractor ? (
        <p className={styles.emptyText}>
          Your first proposal takes a few minutes: add the project, your cost groups and the
          products to choose from, then send it to the homeowner to review and sign online.
        </p>
      ) : (
        <p className={styles.emptyText}>
          When a contractor sends you a proposal, it will appear here. You can review the plan,
          choose products and sign, all in one place.
        </p>
      )}
    </div>
  );
}

import { errorText } from '../lib/error-text';
import styles from './form-field.module.css';

interface CallErrorProps {
  /** The failed call (a query's or mutation's error); nothing is shown while it is null. */
  error: unknown;
  /** Shown when the server gave no readable reason. */
  fallback: string;
  /** See errorText: 'hide' shows the fallback for a server fault (5xx). */
  serverFaults?: 'show' | 'hide';
  /** The feature's own box, when it differs from the shared one. */
  className?: string;
}

/**
 * Why a call failed, announced to screen readers (role="alert") as it appears: the server's
 * message, or the caller's fallback.
 */
export function CallError({ error, fallback, serverFaults, className }: CallErrorProps) {
  if (error === null || error === undefined) return null;
  return (
    <p role="alert" className={className ?? styles.alert}>
      {errorText(error, fallback, { serverFaults })}
    </p>
  );
}

import { LoaderCircle } from 'lucide-react';
import styles from './auth.module.css';

interface SubmitButtonProps {
  label: string;
  disabled: boolean;
  pending: boolean;
}

/** The form's submit button; its name stays the same while sending, a spinner shows beside it. */
export function SubmitButton({ label, disabled, pending }: SubmitButtonProps) {
  return (
    <>
      <button
        type="submit"
        className={`${styles.button} ${styles.block}`}
        disabled={disabled}
        aria-busy={pending || undefined}
      >
        {pending && <LoaderCircle className={styles.spinner} size={18} aria-hidden="true" />}
        {label}
      </button>
      <span className="visually-hidden" role="status">
        {pending ? 'Sending your login link…' : ''}
      </span>
    </>
  );
}

import { useId, type ReactNode } from 'react';
import styles from './uploads.module.css';

/** What a Dropzone inside an UploadField spreads on itself: its input's id and what names it. */
export interface DropzoneLabels {
  inputId: string;
  labelId: string;
  describedBy: string;
}

interface UploadFieldProps {
  label: string;
  /** Read out after the label, not shown: 'for Demolition'. */
  labelSuffix?: string;
  hint?: string;
  /** The last problem, announced politely; the Dropzone is described by it. */
  error: string | undefined;
  /** The files and the Dropzone: `{...labels}` ties its input to the label, hint and error. */
  children: (labels: DropzoneLabels) => ReactNode;
}

/** The label, hint and error around a file field's tiles and Dropzone, wired for screen readers. */
export function UploadField({ label, labelSuffix, hint, error, children }: UploadFieldProps) {
  const inputId = useId();
  const labelId = `${inputId}-label`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : '', errorId].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <span id={labelId} className={styles.label}>
        {label}
        {labelSuffix && <span className="visually-hidden"> {labelSuffix}</span>}
      </span>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {children({ inputId, labelId, describedBy })}
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </div>
  );
}

import { useId, type ReactNode } from 'react';
import styles from './form-field.module.css';

/** What the input inside a FormField spreads on itself: its id and what describes it. */
export interface FieldControl {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FormFieldProps {
  label: ReactNode;
  /** A line under the label that stays (the input is described by it). */
  hint?: ReactNode;
  /** The field's problem, shown under the input; the input is marked invalid and described by it. */
  error?: string | null;
  /** 'alert': the problem is announced as it appears (forms that show all problems on submit). */
  errorRole?: 'alert';
  /** Other elements that describe the input (a note below it), named before the error. */
  describedBy?: string;
  /** The input's id, when the caller needs it; one is made otherwise. */
  id?: string;
  className?: string;
  /** The input, select or textarea: `{...control}` gives it its id and its aria attributes. */
  children: (control: FieldControl) => ReactNode;
}

/** A labelled input with its hint and its error text, wired for screen readers. */
export function FormField(props: FormFieldProps) {
  const madeId = useId();
  const id = props.id ?? madeId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const { hint, error } = props;
  const describedBy =
    [hint ? hintId : '', props.describedBy ?? '', error ? errorId : ''].filter(Boolean).join(' ') ||
    undefined;
  const control: FieldControl = {
    id,
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
  return (
    <div className={props.className ? `${styles.field} ${props.className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {props.label}
      </label>
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {props.children(control)}
      {error && (
        <p id={errorId} role={props.errorRole} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

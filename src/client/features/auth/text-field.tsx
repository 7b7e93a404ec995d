import { useId, type ComponentProps } from 'react';
import styles from './form.module.css';

type TextFieldProps = Omit<ComponentProps<'input'>, 'className'> & {
  label: string;
  error?: string | undefined;
  hint?: string;
  optional?: boolean;
};

/**
 * A labelled input. The error is tied to it with aria-invalid and aria-describedby and
 * announced politely (not as an alert: the one alert on the page is the server's answer).
 */
export function TextField({ label, error, hint, optional, id, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        {optional && <span className={styles.optional}>Optional</span>}
      </div>
      <input
        id={inputId}
        className={styles.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...input}
      />
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </div>
  );
}

/** An e-mail box: an address is typed the same way wherever one is asked for. */
export function EmailField({
  label = 'Email',
  ...props
}: Omit<TextFieldProps, 'label' | 'type'> & { label?: string }) {
  return (
    <TextField
      label={label}
      type="email"
      autoComplete="email"
      inputMode="email"
      autoCapitalize="none"
      spellCheck={false}
      maxLength={254}
      aria-required="true"
      {...props}
    />
  );
}

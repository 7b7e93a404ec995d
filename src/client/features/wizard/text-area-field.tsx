import { useId, type ComponentProps } from 'react';
import formStyles from '../auth/form.module.css';
import styles from './wizard.module.css';

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'className'> & {
  label: string;
  hint?: string;
};

/** A labelled multi-line field, styled like the other form fields. */
export function TextAreaField({ label, hint, id, ...textarea }: TextAreaFieldProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const hintId = `${fieldId}-hint`;
  return (
    <div className={formStyles.field}>
      <label htmlFor={fieldId} className={formStyles.label}>
        {label}
      </label>
      {hint && (
        <p id={hintId} className={formStyles.hint}>
          {hint}
        </p>
      )}
      <textarea
        id={fieldId}
        className={`${formStyles.input} ${styles.textarea}`}
        aria-describedby={hint ? hintId : undefined}
        {...textarea}
      />
    </div>
  );
}

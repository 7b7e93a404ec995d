import type { ReactNode } from 'react';
import styles from './product-form.module.css';

interface ProductTextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  kind?: 'text' | 'url' | 'decimal';
  placeholder?: string;
  /** aria-invalid and aria-describedby while this field has the form's problem. */
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The field's role="alert" message, when it has one. */
  alert: ReactNode;
  className?: string;
}

/** One labelled input of the product form, with its docs/product/selections.md alert under it. */
export function ProductTextField(props: ProductTextFieldProps) {
  const { id, name, label, value, onChange, maxLength, kind = 'text', placeholder } = props;
  return (
    <div className={props.className ? `${styles.field} ${props.className}` : styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <input
        id={id}
        name={name}
        type={kind === 'url' ? 'url' : 'text'}
        inputMode={kind === 'text' ? undefined : kind}
        className={styles.input}
        maxLength={maxLength}
        autoComplete="off"
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        {...props.invalid}
      />
      {props.alert}
    </div>
  );
}

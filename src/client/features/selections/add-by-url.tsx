import { useId, useState, type FormEvent } from 'react';
import { isHttpUrl, productUrlAlert } from '../../../shared/domain/products';
import styles from './product-form.module.css';

interface AddByUrlProps {
  /** Called with the trimmed link; the page fetches the product and shows a loading card. */
  onAdd: (url: string) => void;
  disabled?: boolean;
}

/** docs/product/selections.md URL paste field: 'Add' stays disabled while the field is empty (docs/product/selections.md). */
export function AddByUrl({ onAdd, disabled = false }: AddByUrlProps) {
  const id = useId();
  const alertId = `${id}-alert`;
  const [url, setUrl] = useState('');
  const [error, setError] = useState<string | null>(null);
  const empty = url.trim() === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (empty || disabled) return;
    const trimmed = url.trim();
    if (!isHttpUrl(trimmed)) {
      setError(productUrlAlert());
      return;
    }
    setError(null);
    setUrl('');
    onAdd(trimmed);
  };

  return (
    <form className={styles.urlForm} onSubmit={submit} noValidate>
      <label htmlFor={id} className={styles.label}>
        Paste a product link
      </label>
      <div className={styles.urlRow}>
        <input
          id={id}
          name="url"
          type="url"
          inputMode="url"
          autoComplete="off"
          maxLength={2000}
          placeholder="https://"
          className={styles.input}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setError(null);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? alertId : undefined}
        />
        <button type="submit" className="btn btn-secondary" disabled={empty || disabled}>
          Add
        </button>
      </div>
      {error && (
        <p id={alertId} role="alert" className={styles.alert}>
          {error}
        </p>
      )}
    </form>
  );
}

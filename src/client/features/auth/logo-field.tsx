import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { ImagePlus, X } from 'lucide-react';
import { LOGO_ACCEPT, logoFileError } from './auth-form';
import styles from './form.module.css';

interface LogoFieldProps {
  onChange: (file: File | null) => void;
  /** The account's logo now (its URL), shown until another is chosen (the account page). */
  current?: string | null;
  /** Removes the current logo; offered beside it when given. */
  onRemoveCurrent?: () => void;
  hint?: string;
}

const SIGNUP_HINT = 'PNG, JPG or GIF, up to 15 MB. It appears on the cover of your proposals.';

/** The optional 'Company logo': one image, checked for type and size before it is kept. */
export function LogoField({
  onChange,
  current = null,
  onRemoveCurrent,
  hint = SIGNUP_HINT,
}: LogoFieldProps) {
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<{ name: string; url: string } | null>(null);
  const [error, setError] = useState<string | undefined>();

  // Each preview URL is released when it is replaced and when the field goes away.
  useEffect(() => {
    if (!chosen) return undefined;
    return () => URL.revokeObjectURL(chosen.url);
  }, [chosen]);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0] ?? null;
    const problem = file ? logoFileError(file) : undefined;
    if (!file || problem) {
      event.target.value = '';
      setChosen(null);
      setError(problem);
      onChange(null);
      return;
    }
    setError(undefined);
    setChosen({ name: file.name, url: URL.createObjectURL(file) });
    onChange(file);
  }

  function handleRemove() {
    if (inputRef.current) inputRef.current.value = '';
    setChosen(null);
    setError(undefined);
    onChange(null);
    inputRef.current?.focus();
  }

  return (
    <div className={styles.field}>
      <div className={styles.labelRow}>
        <label htmlFor={inputId} className={styles.label}>
          Company logo
        </label>
        <span className={styles.optional}>Optional</span>
      </div>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={LOGO_ACCEPT}
        className={styles.fileInput}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${hintId} ${errorId}` : hintId}
        onChange={handleChange}
      />
      <p id={hintId} className={styles.hint}>
        {hint}
      </p>
      {!chosen && current && (
        <div className={styles.preview}>
          <img src={current} alt="" />
          <span className={styles.fileName}>Your current logo</span>
          {onRemoveCurrent && (
            <button
              type="button"
              className={styles.remove}
              onClick={() => {
                onRemoveCurrent();
                inputRef.current?.focus();
              }}
              aria-label="Remove company logo"
            >
              <X size={18} aria-hidden="true" />
            </button>
          )}
        </div>
      )}
      {chosen && (
        <div className={styles.preview}>
          <img src={chosen.url} alt="" />
          <span className={styles.fileName}>
            <ImagePlus size={14} aria-hidden="true" /> {chosen.name}
          </span>
          <button
            type="button"
            className={styles.remove}
            onClick={handleRemove}
            aria-label="Remove company logo"
          >
            <X size={18} aria-hidden="true" />
          </button>
        </div>
      )}
      <p id={errorId} className={styles.error} aria-live="polite">
        {error}
      </p>
    </div>
  );
}

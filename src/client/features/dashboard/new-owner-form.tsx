import * as Dialog from '@radix-ui/react-dialog';
import { useId, useRef, useState, type FormEvent } from 'react';
import { EMAIL_ERROR, emailSchema } from '../../../shared/schemas/auth';
import { errorText } from '../../lib/error-text';
import { Spinner } from '../../ui/spinner';
import styles from './dialog.module.css';

interface NewOwnerFormProps {
  pending: boolean;
  /** The failed reassign call, if any; its server message shows above the buttons. */
  error: unknown;
  /** Called with the e-mail, trimmed and lower-cased (docs/product/dashboard.md). */
  onSubmit: (email: string) => void;
}

/** The e-mail of the contractor who takes the proposal over, checked with the shared schema. */
export function NewOwnerForm({ pending, error, onSubmit }: NewOwnerFormProps) {
  const ids = { input: useId(), error: useId() };
  const input = useRef<HTMLInputElement>(null);
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setInvalid(true);
      input.current?.focus();
      return;
    }
    onSubmit(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <div className={styles.field}>
        <label htmlFor={ids.input} className={styles.label}>
          New contractor’s e-mail
        </label>
        <input
          ref={input}
          id={ids.input}
          type="email"
          autoComplete="off"
          className={styles.input}
          value={email}
          readOnly={pending}
          aria-invalid={invalid || undefined}
          aria-describedby={invalid ? ids.error : undefined}
          onChange={(event) => {
            const next = event.target.value;
            setEmail(next);
            // docs/product/dashboard.md: an empty value clears the error; once shown, it follows the typing.
            if (invalid) setInvalid(next.trim() !== '' && !emailSchema.safeParse(next).success);
          }}
        />
        {invalid && (
          <p id={ids.error} className={styles.fieldError}>
            {EMAIL_ERROR}
          </p>
        )}
      </div>
      {error !== null && !pending && (
        <p role="alert" className={styles.alert}>
          {errorText(error, 'The proposal could not be reassigned. Please try again.')}
        </p>
      )}
      <div className={styles.actions}>
        <Dialog.Close className="btn btn-secondary" aria-disabled={pending || undefined}>
          Cancel
        </Dialog.Close>
        <button
          type="submit"
          className="btn btn-primary"
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
        >
          {pending && <Spinner />}
          Create link
        </button>
      </div>
    </form>
  );
}

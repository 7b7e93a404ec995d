import { useEffect, useState } from 'react';
import { emailError } from './send-form';

/** How long typing may pause before an invalid address is pointed out. */
const SETTLE_MS = 700;

/**
 * An e-mail input's state with the docs/product/sending.md rule. `invalid` is immediate (it disables the button);
 * the message shows once the field is left or typing pauses, not at the first keystroke.
 */
export function useEmailField(initial = '') {
  const [value, setValue] = useState(initial);
  const [settled, setSettled] = useState(true);
  const error = emailError(value);

  useEffect(() => {
    if (settled) return;
    const timer = window.setTimeout(() => setSettled(true), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [value, settled]);

  return {
    value,
    invalid: error !== null,
    /** The message to show, or null. */
    error: settled ? error : null,
    onChange: (next: string) => {
      setValue(next);
      setSettled(false);
    },
    onBlur: () => setSettled(true),
    reset: () => {
      setValue('');
      setSettled(true);
    },
  };
}

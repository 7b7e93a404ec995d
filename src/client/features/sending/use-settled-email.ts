import { useEffect, useRef } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';

/** How long typing may pause before an invalid address is pointed out. */
const SETTLE_MS = 700;

/**
 * The docs/product/sending.md timing of an e-mail box in a react-hook-form form made with
 * `mode: 'onBlur', reValidateMode: 'onBlur'`: the message shows once the field is left (the form's
 * own blur check) or typing pauses (this hook's timer), never at a keystroke, which hides it.
 * Whether the button is disabled is decided from the value itself, at once.
 */
export function useSettledEmail<T extends FieldValues>(form: UseFormReturn<T>, name: Path<T>) {
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return {
    /** For `register(name, { onChange })`. */
    onChange: () => {
      form.clearErrors(name);
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void form.trigger(name), SETTLE_MS);
    },
    /** Forget a pending check (the form was reset). */
    cancel: () => window.clearTimeout(timer.current),
  };
}

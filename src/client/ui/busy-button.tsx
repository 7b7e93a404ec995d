import type { ComponentPropsWithRef } from 'react';

interface BusyButtonProps extends ComponentPropsWithRef<'button'> {
  /** Its action is running: the button says so and ignores clicks, but keeps the focus. */
  busy: boolean;
}

/**
 * A button whose action takes a while. Busy, it stays focusable (aria-disabled, not disabled), so
 * the keyboard keeps its place; it says it is busy (aria-busy); and a click does nothing, nor
 * submits its form. What it shows while busy (a spinner beside its label) is in its children.
 */
export function BusyButton({ busy, type = 'button', onClick, ...props }: BusyButtonProps) {
  return (
    <button
      // The default is a button, not the browser's submit: a form's button says `type="submit"`.
      type={type}
      {...props}
      aria-disabled={busy || undefined}
      aria-busy={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

import { useRef } from 'react';

interface FocusHandlers {
  onOpenAutoFocus?: (event: Event) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * For a Radix dialog opened by a state change rather than its Trigger: it has no trigger to give
 * focus back to, and focus would fall to <body> (the next Tab starting over at the top of the
 * page). Remembers what had focus when it opened and returns there when it closes, unless the
 * caller's own handler placed focus (preventDefault) or that element has gone.
 */
export function useReturnFocus(own: FocusHandlers = {}): Required<FocusHandlers> {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event) => {
      opener.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      own.onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event) => {
      own.onCloseAutoFocus?.(event);
      const back = opener.current;
      opener.current = null;
      if (event.defaultPrevented || !back?.isConnected || back === document.body) return;
      event.preventDefault();
      back.focus();
    },
  };
}

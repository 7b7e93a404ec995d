import { useEffect, type RefObject } from 'react';

/** Space kept between a focused field and the bar, so its edge and focus ring show whole. */
const CLEARANCE = 16;

/**
 * A bar stuck to the bottom of the screen (the wizard's save bar, the viewer's actions) covers
 * what scrolls under it, and the browser scrolls to focus only an element out of the window, not
 * one behind the bar: Tab could move to a field nobody sees (WCAG 2.4.11). Once focus lands under
 * the bar, the page scrolls it clear, never so far that the field's top leaves the window.
 */
export function useFocusClearOfBar(bar: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const barElement = bar.current;
      const target = event.target;
      if (!barElement || !(target instanceof Element) || barElement.contains(target)) return;
      const field = target.getBoundingClientRect();
      const hidden = field.bottom + CLEARANCE - barElement.getBoundingClientRect().top;
      const room = field.top - CLEARANCE;
      const by = Math.min(hidden, room);
      if (hidden > 0 && by > 0) window.scrollBy({ top: by, behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [bar]);
}

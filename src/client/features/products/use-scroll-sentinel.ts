import { useEffect, useEffectEvent, useState } from 'react';
import { SCROLL_DEBOUNCE_MS } from '../../../shared/constants';

/**
 * Infinite scroll: returns a ref for an element under the list; while it is on screen and
 * `canLoad` holds, `load` runs after 100 ms of quiet (docs/product/constants.md), so a fling past the bottom asks for one
 * page, not several. `shown` is how many items the list holds: each time it changes the element
 * is observed afresh, so only a position measured after the new items were laid out counts (a
 * tall window that still shows the element then loads the next page; a normal one does not).
 */
export function useScrollSentinel(canLoad: boolean, load: () => void, shown: number) {
  const [element, setElement] = useState<HTMLElement | null>(null);
  const [onScreen, setOnScreen] = useState(false);
  const onLoad = useEffectEvent(load);

  useEffect(() => {
    if (!element || typeof IntersectionObserver === 'undefined') return;
    // Starts a little before the bottom so the next tiles are usually there when the user is.
    const observer = new IntersectionObserver(
      (entries) => setOnScreen(entries.some((entry) => entry.isIntersecting)),
      { rootMargin: '0px 0px 120px 0px' },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      setOnScreen(false);
    };
  }, [element, shown]);

  useEffect(() => {
    if (!onScreen || !canLoad) return;
    const timer = setTimeout(() => onLoad(), SCROLL_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [onScreen, canLoad]);

  return setElement;
}

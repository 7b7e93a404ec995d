import { useEffect, useState } from 'react';

/**
 * Whether the element has come within `rootMargin` of the viewport; once it has, it stays true.
 * Work for a long page (the suggestions of 300 items) then starts only for what the user reaches.
 */
export function useNearViewport<T extends Element>(rootMargin = '400px') {
  const [element, setElement] = useState<T | null>(null);
  // Without IntersectionObserver (old browsers, tests) everything counts as near.
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');

  useEffect(() => {
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, near, rootMargin]);

  return { ref: setElement, near };
}

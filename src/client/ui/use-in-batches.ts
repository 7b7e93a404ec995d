import { startTransition, useEffect, useState } from 'react';

/**
 * How many entries of a long list to render: `first()` on the first render, then, after each
 * paint, `next(rendered)` more in a background update, until `total` (decision 0066). The first
 * screen paints without waiting for the rest, and no batch holds the page for long: input is
 * handled between batches. A list that grows later (a filter showing more) fills up the same way.
 */
export function useInBatches(
  total: number,
  first: () => number,
  next: (rendered: number) => number,
): number {
  const [rendered, setRendered] = useState(first);
  useEffect(() => {
    if (rendered >= total) return;
    // A task of its own: the browser paints what was committed and handles input first.
    const timer = setTimeout(() =>
      startTransition(() => setRendered((count) => count + Math.max(1, next(count)))),
    );
    return () => clearTimeout(timer);
  }, [rendered, total, next]);
  return Math.min(rendered, total);
}

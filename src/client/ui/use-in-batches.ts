import { startTransition, useEffect, useEffectEvent, useState } from 'react';

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
  // The caller's `next` is a new function on each render; a render that is not a batch's (new
  // data, a like) must not put the next batch off again.
  const nextBatch = useEffectEvent(next);
  useEffect(() => {
    if (rendered >= total) return;
    // A task of its own: the browser paints what was committed and handles input first.
    const timer = setTimeout(() => {
      const more = Math.max(1, nextBatch(rendered));
      startTransition(() => setRendered(rendered + more));
    });
    return () => clearTimeout(timer);
  }, [rendered, total]);
  return Math.min(rendered, total);
}

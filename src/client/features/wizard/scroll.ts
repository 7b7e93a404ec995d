/** Scrolls an element into view and moves focus to it (or to `focusId`) without a second jump. */
export function scrollToAndFocus(elementId: string, focusId: string = elementId): void {
  const target = document.getElementById(elementId);
  if (!target) return;
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  const focusTarget = document.getElementById(focusId);
  focusTarget?.focus({ preventScroll: true });
}

import { useSyncExternalStore } from 'react';

// docs/product/constants.md: the header counts as scrolled once the page offset is over 1 px.
const SCROLL_THRESHOLD = 1;

function subscribe(onChange: () => void) {
  window.addEventListener('scroll', onChange, { passive: true });
  return () => window.removeEventListener('scroll', onChange);
}

const isScrolled = () => window.scrollY > SCROLL_THRESHOLD;

/** True once the page is scrolled; re-renders only when that answer flips. */
export function useScrolled(): boolean {
  return useSyncExternalStore(subscribe, isScrolled, () => false);
}

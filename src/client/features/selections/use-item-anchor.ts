import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { parseItemAnchor } from '../../../shared/domain/selections';
import type { SelectionsPage } from '../../../shared/schemas/selections';
import { itemHeadingId } from './shop-focus';
import { groupIdOf } from './shop-model';

/**
 * './selections/#{base64 of item id}' (docs/product/selections.md, the viewer's 'Selected' links and the image board):
 * on load and whenever the hash changes, open the item and its group, scroll the item into view and
 * move focus to its heading so keyboard and screen-reader users land there too. The returned
 * `reveal` does the same on demand (a board tile whose anchor is already in the URL).
 */
export function useItemAnchor(
  page: SelectionsPage,
  openItem: (groupId: string, itemId: string) => void,
) {
  const { hash } = useLocation();
  const latest = useRef({ page, openItem });
  useEffect(() => {
    latest.current = { page, openItem };
  });

  const stopKeeping = useRef<() => void>(() => {});
  const reveal = useCallback((itemId: string) => {
    const groupId = groupIdOf(latest.current.page, itemId);
    if (!groupId) return;
    // The accordion renders a closed group's items, and a closed item its board, only once open.
    flushSync(() => latest.current.openItem(groupId, itemId));
    const heading = document.getElementById(itemHeadingId(itemId));
    const article = heading?.closest('article');
    if (!heading || !article) return;
    heading.focus({ preventScroll: true });
    stopKeeping.current();
    stopKeeping.current = keepInView(article);
  }, []);

  useEffect(() => {
    const itemId = parseItemAnchor(hash);
    if (!itemId) return;
    const frame = requestAnimationFrame(() => reveal(itemId));
    return () => cancelAnimationFrame(frame);
  }, [hash, reveal]);
  useEffect(() => () => stopKeeping.current(), []);

  return reveal;
}

/** How long the page may still be settling (images, suggestions) after an item is revealed. */
const SETTLE_MS = 4000;

/**
 * Scrolls `target` to the top and keeps it there while the page above it is still growing
 * (images and suggestions load after the first paint and would push it out of view), until the
 * user scrolls, types or touches, or the page has had time to settle. Returns the stop.
 */
function keepInView(target: Element): () => void {
  const place = () => target.scrollIntoView({ block: 'start', behavior: 'auto' });
  place();
  const observer = new ResizeObserver(place);
  observer.observe(document.body);
  const events = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const event of events) window.removeEventListener(event, stop, true);
  };
  const timer = setTimeout(stop, SETTLE_MS);
  for (const event of events)
    window.addEventListener(event, stop, { capture: true, passive: true });
  return stop;
}

import { useCallback, useEffect, useRef } from 'react';
import { flushSync } from 'react-dom';
import { useLocation } from 'react-router';
import { parseItemAnchor } from '../../../shared/domain/selections';
import type { SelectionsPage } from '../../../shared/schemas/selections';
import { itemHeadingId } from './shop-focus';
import { groupIdOf } from './shop-model';

/**
 * './selections/#{base64 of item id}' (§2, the viewer's 'Selected' links and the image board):
 * on load and whenever the hash changes, open the item's group, scroll the item into view and
 * move focus to its heading so keyboard and screen-reader users land there too. The returned
 * `reveal` does the same on demand (a board tile whose anchor is already in the URL).
 */
export function useItemAnchor(page: SelectionsPage, openGroup: (groupId: string) => void) {
  const { hash } = useLocation();
  const latest = useRef({ page, openGroup });
  useEffect(() => {
    latest.current = { page, openGroup };
  });

  const reveal = useCallback((itemId: string) => {
    const groupId = groupIdOf(latest.current.page, itemId);
    if (!groupId) return;
    // The accordion renders a closed group's items only once it is open.
    flushSync(() => latest.current.openGroup(groupId));
    const heading = document.getElementById(itemHeadingId(itemId));
    if (!heading) return;
    const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    heading
      .closest('article')
      ?.scrollIntoView({ block: 'start', behavior: smooth ? 'smooth' : 'auto' });
    heading.focus({ preventScroll: true });
  }, []);

  useEffect(() => {
    const itemId = parseItemAnchor(hash);
    if (!itemId) return;
    const frame = requestAnimationFrame(() => reveal(itemId));
    return () => cancelAnimationFrame(frame);
  }, [hash, reveal]);

  return reveal;
}

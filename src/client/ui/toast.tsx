import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { X } from 'lucide-react';
import styles from './toast.module.css';

/** How long a toast stays when nobody points at it or moves into it. */
export const TOAST_TIMEOUT_MS = 10_000;

interface ToastProps {
  /** What happened ('Removed Microwave.'). Give the toast a new `key` for a new message. */
  message: string;
  /** The one thing it offers ('Undo'). */
  actionLabel: string;
  /** Pressing the action; the caller closes the toast and places focus. */
  onAction: () => void;
  /** Dismissed, timed out or Escape. */
  onClose: () => void;
  timeoutMs?: number;
}

/** Space between the toast and the bottom of the screen, or the sticky bar it sits above. */
const GAP = 16;

/**
 * Keeps the toast above the page's sticky bottom bar ([data-sticky-bottom]: the wizard's save
 * bar, the viewer's actions), whose height changes with what it shows (a save error).
 */
function useClearOfStickyBar(): number {
  const [bottom, setBottom] = useState(GAP);
  useLayoutEffect(() => {
    const bar = document.querySelector('[data-sticky-bottom]');
    if (!bar) return;
    const place = () =>
      setBottom(Math.max(window.innerHeight - bar.getBoundingClientRect().top, 0) + GAP);
    place();
    const observer = new ResizeObserver(place);
    observer.observe(bar);
    window.addEventListener('resize', place);
    window.addEventListener('scroll', place, { passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', place);
      window.removeEventListener('scroll', place);
    };
  }, []);
  return bottom;
}

/**
 * A message with one action at the bottom of the screen (decision 0086). It never takes focus by
 * itself: F6 moves focus to its action and F6 again back to where it was, as React Aria's toast
 * region does; Escape there closes it and gives focus back. It goes after `timeoutMs`, never while
 * the pointer is on it or focus is in it. It sits above the page's sticky bottom bar. What it says is for the eyes: the caller says it to
 * screen readers through its polite live region (StatusAnnouncer), which exists before the toast
 * comes, as a live region must to be heard.
 */
export function Toast({
  message,
  actionLabel,
  onAction,
  onClose,
  timeoutMs = TOAST_TIMEOUT_MS,
}: ToastProps) {
  const regionRef = useRef<HTMLElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  const bottom = useClearOfStickyBar();

  const focusIsInside = () => regionRef.current?.contains(document.activeElement) ?? false;

  /** Gives focus back to where F6 took it from, if that is still on the page. */
  const giveFocusBack = useCallback(() => {
    const back = returnTo.current;
    returnTo.current = null;
    if (back?.isConnected) back.focus();
  }, []);

  const close = () => {
    if (focusIsInside()) giveFocusBack();
    onClose();
  };

  useEffect(() => {
    if (hovered || focused) return;
    const timer = window.setTimeout(() => {
      // Focus may be inside with the window in the background: it stays until focus leaves.
      if (!regionRef.current?.contains(document.activeElement)) onClose();
    }, timeoutMs);
    return () => window.clearTimeout(timer);
  }, [hovered, focused, timeoutMs, onClose, message]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F6' || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      if (regionRef.current?.contains(document.activeElement)) {
        giveFocusBack();
      } else {
        returnTo.current =
          document.activeElement instanceof HTMLElement ? document.activeElement : null;
        actionRef.current?.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [giveFocusBack]);

  return (
    <section
      ref={regionRef}
      className={styles.toast}
      style={{ bottom }}
      aria-label="Notifications"
      onPointerEnter={() => setHovered(true)}
      onPointerLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        close();
      }}
    >
      <p className={styles.message}>{message}</p>
      <button
        ref={actionRef}
        type="button"
        className={styles.action}
        aria-keyshortcuts="F6"
        onClick={onAction}
      >
        {actionLabel}
      </button>
      <button type="button" className={styles.dismiss} aria-label="Dismiss" onClick={close}>
        <X size={18} aria-hidden="true" />
      </button>
    </section>
  );
}

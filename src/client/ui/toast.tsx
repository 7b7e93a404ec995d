import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import * as RadixToast from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import styles from './toast.module.css';

/** How long a toast stays when nobody points at it or moves into it. */
export const TOAST_TIMEOUT_MS = 10_000;

/** The key that moves focus to the toasts: Radix's default (decision 0086). */
export const TOAST_HOTKEY = 'F8';

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

/** The toasts' region: the viewport list's parent, which holds Radix's focus guards too. */
const regionOf = (viewport: RefObject<HTMLOListElement | null>) =>
  viewport.current?.parentElement ?? null;

/**
 * Radix moves focus from a closing toast to its viewport, which goes with it here: this gives it
 * back to what had it last outside the toasts' region, if that is still on the page.
 */
function useGiveFocusBack(viewport: RefObject<HTMLOListElement | null>): () => void {
  const lastOutside = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const remember = (target: EventTarget | null) => {
      if (target instanceof HTMLElement && !regionOf(viewport)?.contains(target))
        lastOutside.current = target;
    };
    remember(document.activeElement);
    const onFocusIn = (event: FocusEvent) => remember(event.target);
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [viewport]);
  return () => {
    const back = lastOutside.current;
    if (!regionOf(viewport)?.contains(document.activeElement)) return;
    if (back?.isConnected && back !== document.body) back.focus();
  };
}

/**
 * Radix closes a toast on Escape pressed anywhere on the page: its dismissable layer listens on
 * the document, in the capture phase, before the field that has focus sees the key. Escape from
 * outside the toasts' region is meant for that field (a suggestion list, a menu): the toast
 * stays, with its Undo. Radix gives no way to keep the toast but `preventDefault()` on the key,
 * which the field would take as handled, so this marks the key instead and the close it asks
 * for, in the same listener, is turned down. Escape inside the region still closes it.
 */
function useEscapeOnlyInside(viewport: RefObject<HTMLOListElement | null>) {
  const outside = useRef(false);
  return {
    onEscapeKeyDown: (event: KeyboardEvent) => {
      if (event.target instanceof Node && regionOf(viewport)?.contains(event.target)) return;
      outside.current = true;
      // Radix asks to close synchronously, from this listener; nothing later is this key's.
      queueMicrotask(() => {
        outside.current = false;
      });
    },
    /** Whether a close asked for now comes from an Escape meant for something else. */
    closeRefused: () => outside.current,
  };
}

/**
 * A message with one action at the bottom of the screen (Radix Toast; decision 0086). It never
 * takes focus by itself: F8 moves focus to the toasts' region, Tab on to the toast and its action.
 * Escape with focus in the toasts' region closes it, and focus goes back to where it was; Escape
 * elsewhere on the page is left to what has focus. It goes after `timeoutMs`, never while the pointer is on it or
 * focus is in it. It sits above the page's sticky bottom bar.
 *
 * Radix says it to screen readers itself, politely ('background'), once it shows: 'Notification',
 * the message, and how to reach the action ('Press F8 to reach Undo.'). A sighted keyboard user
 * reads the same under the message; a touch screen does not show it.
 */
export function Toast({
  message,
  actionLabel,
  onAction,
  onClose,
  timeoutMs = TOAST_TIMEOUT_MS,
}: ToastProps) {
  const viewportRef = useRef<HTMLOListElement>(null);
  const giveFocusBack = useGiveFocusBack(viewportRef);
  const escape = useEscapeOnlyInside(viewportRef);
  const bottom = useClearOfStickyBar();

  return (
    <RadixToast.Provider duration={timeoutMs}>
      <RadixToast.Root
        open
        type="background"
        className={styles.toast}
        onEscapeKeyDown={escape.onEscapeKeyDown}
        onOpenChange={(open) => {
          if (open || escape.closeRefused()) return;
          giveFocusBack();
          onClose();
        }}
      >
        <div className={styles.text}>
          {/* The space keeps the message apart from the action's text in what Radix announces. */}
          <RadixToast.Title className={styles.message}>{message} </RadixToast.Title>
          {/*
           * What screen readers hear from the action's alternative text, shown to a keyboard:
           * hidden from them (Radix leaves aria-hidden out of what it announces too), and shown
           * only where a fine pointer says a keyboard is likely (toast.module.css).
           */}
          <p className={styles.hint} aria-hidden="true">
            Press <kbd>{TOAST_HOTKEY}</kbd> to reach {actionLabel}
          </p>
        </div>
        <RadixToast.Action
          className={styles.action}
          altText={`Press ${TOAST_HOTKEY} to reach ${actionLabel}.`}
          // The caller closes the toast and places focus, where Radix would focus its viewport.
          onClick={(event) => {
            event.preventDefault();
            onAction();
          }}
        >
          {actionLabel}
        </RadixToast.Action>
        <RadixToast.Close className={styles.dismiss} aria-label="Dismiss">
          <X size={18} aria-hidden="true" />
        </RadixToast.Close>
      </RadixToast.Root>
      <RadixToast.Viewport
        ref={viewportRef}
        hotkey={[TOAST_HOTKEY]}
        className={styles.viewport}
        style={{ bottom }}
      />
    </RadixToast.Provider>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

/*
 * A part of a page that loads at the first sign of use (decision 0037): a pointer over it, a
 * touch, focus in it. Until then a stand-in with the same markup holds its place. At the swap the
 * button that had focus gets it back, and a key or pointer press a stand-in button received is
 * made again on its counterpart, so it does what it would have done.
 */

/** A module loaded once for every part that uses it. */
export interface OnFirstUse<M> {
  loaded: M | null;
  load: () => Promise<M>;
}

/**
 * The module a failed dynamic import named, where the browser says (Chromium: 'Failed to fetch
 * dynamically imported module: {url}', Firefox alike); undefined where it does not (Safari).
 */
export function failedModuleUrl(error: unknown, origin: string): string | undefined {
  const message = error instanceof Error ? error.message : '';
  const url = /(https?:\/\/[^\s'"]+\.m?js)\b/.exec(message)?.[1];
  return url && new URL(url).origin === origin ? url : undefined;
}

export function onFirstUse<M>(importer: () => Promise<M>): OnFirstUse<M> {
  let loading: Promise<M> | undefined;
  // Chromium keeps a failed dynamic import's failure for the page's life: importing the same URL
  // again fails at once, unfetched. So the next try asks for the file under a URL of its own.
  let failedUrl: string | undefined;
  let tries = 0;
  const attempt = (): Promise<M> =>
    failedUrl
      ? (import(/* @vite-ignore */ `${failedUrl}?try=${++tries}`) as Promise<M>)
      : importer();
  const part: OnFirstUse<M> = {
    loaded: null,
    load: () =>
      (loading ??= attempt().then(
        (module) => (part.loaded = module),
        (error: unknown) => {
          // Offline for a moment: the next sign of use tries again.
          loading = undefined;
          failedUrl = failedModuleUrl(error, location.origin) ?? failedUrl;
          throw error;
        },
      )),
  };
  return part;
}

const buttonsIn = (root: HTMLElement | null): HTMLButtonElement[] => [
  ...(root?.querySelectorAll('button') ?? []),
];

/**
 * `loaded` is the module once `start` (the first sign of use) has loaded it; `replay(event, make)`
 * starts it too and has the loaded part receive `make()` where the stand-in received `event`.
 */
export function useOnFirstUse<M>(
  part: OnFirstUse<M>,
  root: RefObject<HTMLElement | null>,
  { holdWhilePressed = false }: { holdWhilePressed?: boolean } = {},
) {
  const [loaded, setLoaded] = useState<M | null>(part.loaded);
  const handover = useRef<{ focused: number; press: { at: number; make: () => Event } | null }>({
    focused: -1,
    press: null,
  });
  const swap = (module: M) => {
    handover.current.focused = buttonsIn(root.current).findIndex(
      (b) => b === document.activeElement,
    );
    setLoaded(() => module);
  };
  const held = usePressHold(root, holdWhilePressed && !loaded);
  const start = () => {
    if (loaded) return;
    part.load().then(
      (module) => held.then(() => swap(module)),
      () => undefined,
    );
  };

  useLayoutEffect(() => {
    if (!loaded) return;
    const target = buttonsIn(root.current)[handover.current.focused];
    handover.current.focused = -1;
    if (target && document.activeElement !== target) target.focus();
  }, [loaded, root]);
  // After the loaded part's own effects (a Radix menu tells a key press from a pointer in one).
  useEffect(() => {
    const press = handover.current.press;
    if (!loaded || !press) return;
    handover.current.press = null;
    buttonsIn(root.current)[press.at]?.dispatchEvent(press.make());
  }, [loaded, root]);

  const replay = (event: { currentTarget: HTMLElement }, make: () => Event) => {
    handover.current.press = {
      at: buttonsIn(root.current).findIndex((b) => b === event.currentTarget),
      make,
    };
    start();
  };
  return { loaded, start, replay };
}

/** A key press made again. */
export const keyDown = (key: string) => () =>
  new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true });

/** A primary-button pointer press made again. */
export const pointerDown = (pointerType: string) => () =>
  new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0, pointerType });

/** A pointer press whose click has not come this long after its release is taken as ended. */
const CLICK_AFTER_RELEASE_MS = 300;

/**
 * `then(run)` runs `run` at once, or, while a press that began inside `root` is under way, once
 * it has ended (its click handled, or cancelled). A stand-in that acts on click (the accordion's
 * triggers) must not be swapped between a press and its click: the browser sends no click when
 * the element pressed is gone, and the tap that asked for the part would do nothing. A press is a
 * pointer's, or the Space key's on a button (which clicks on the key's release). A touch's click
 * comes after its release, in a later task: the press ends with the click, or
 * CLICK_AFTER_RELEASE_MS after the release when none comes (released elsewhere).
 */
function usePressHold(root: RefObject<HTMLElement | null>, active: boolean) {
  const pressed = useRef<{ waiting: (() => void)[] } | null>(null);
  useEffect(() => {
    const el = root.current;
    if (!active || !el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const end = () => {
      clearTimeout(timer);
      const press = pressed.current;
      pressed.current = null;
      // After the click's own handlers (this listener runs first, on the way down).
      if (press) setTimeout(() => press.waiting.forEach((run) => run()));
    };
    const down = () => {
      clearTimeout(timer);
      pressed.current ??= { waiting: [] };
    };
    const up = () => {
      clearTimeout(timer);
      if (pressed.current) timer = setTimeout(end, CLICK_AFTER_RELEASE_MS);
    };
    const keyDown = (event: KeyboardEvent) => {
      if (event.key === ' ' && !event.repeat && event.target instanceof HTMLButtonElement) down();
    };
    const keyUp = (event: KeyboardEvent) => {
      if (event.key === ' ') up();
    };
    el.addEventListener('pointerdown', down, true);
    el.addEventListener('keydown', keyDown, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('keyup', keyUp, true);
    document.addEventListener('click', end, true);
    document.addEventListener('pointercancel', end, true);
    return () => {
      clearTimeout(timer);
      el.removeEventListener('pointerdown', down, true);
      el.removeEventListener('keydown', keyDown, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('keyup', keyUp, true);
      document.removeEventListener('click', end, true);
      document.removeEventListener('pointercancel', end, true);
      end();
    };
  }, [root, active]);
  return {
    then(run: () => void) {
      if (pressed.current) pressed.current.waiting.push(run);
      else run();
    },
  };
}

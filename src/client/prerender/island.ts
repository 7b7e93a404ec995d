/*
 * The only script of the prerendered landing page (decision 0027) and of the viewer's page
 * rendered on the server (decision 0040). The page reads and links
 * work without it; the app is loaded at the first sign of a visitor using the page (pointer over
 * it, a touch, a key, focus) and hydrates the markup in place. A button pressed before the app is
 * there (the menu, help) is pressed again once it has taken over.
 */
import { loadApp } from './load-app';

const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

/** How long after a pointer's release its click may still come (a tap's comes on its own). */
const PRESS_CLICK_WAIT_MS = 500;

let pressed: HTMLButtonElement | undefined;
let byKey = false;
let started = false;

function onPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  // A button that submits a GET form (the action bar's Send and Sign) goes to its page the
  // browser's own way: pressed again in the app as well, it would open the page twice.
  if (button.type === 'submit' && button.form?.method === 'get') return;
  pressed = button;
  // A click a key made (Enter, Space) has no pointer detail.
  byKey = event.detail === 0;
}

function start() {
  if (started) return;
  started = true;
  for (const type of INTENT) document.removeEventListener(type, start, true);
  document.addEventListener(
    'plansmith:hydrating',
    (event) => {
      document.removeEventListener('click', onPress, true);
      const counterpart = (event as CustomEvent<((el: Element) => Element | null) | null>).detail;
      if (!counterpart) return pressed?.click();
      // After a takeover (decision 0040) the button is the new markup's counterpart, perhaps a
      // stand-in that opens on the press itself (decision 0037): the press, then the click.
      const button = pressed && counterpart(pressed);
      if (!(button instanceof HTMLElement)) return;
      const init = { bubbles: true, cancelable: true };
      button.dispatchEvent(
        byKey
          ? new KeyboardEvent('keydown', { ...init, key: 'Enter' })
          : new PointerEvent('pointerdown', { ...init, button: 0, pointerType: 'mouse' }),
      );
      button.click();
    },
    { once: true },
  );
  loadApp();
}

/**
 * A press under way on the server's copy (a primary pointer down, or Space held) marks the copy
 * `data-pressing` until its click, and the takeover waits for it (takeover.ts): swapped in
 * between, the press would end on another element and make no click. The mark goes once the
 * click has been dispatched (and kept, above), or when the press is cancelled; a pointer that
 * comes up with no click after it (released off the element) ends it a moment later, as a tap's
 * click comes as an input of its own after the pointer's release. The listeners go with the copy,
 * at the takeover.
 */
function trackPresses(copy: Element) {
  const listening = new AbortController();
  const options = { capture: true, signal: listening.signal };
  document.addEventListener('plansmith:hydrating', () => listening.abort(), { once: true });
  let lateEnd: ReturnType<typeof setTimeout> | undefined;
  const begin = (event: Event) => {
    if (event instanceof KeyboardEvent ? event.key !== ' ' : (event as PointerEvent).button !== 0)
      return;
    if (copy.contains(event.target as Node)) copy.setAttribute('data-pressing', '');
  };
  const end = () => {
    clearTimeout(lateEnd);
    if (!copy.hasAttribute('data-pressing')) return;
    copy.removeAttribute('data-pressing');
    document.dispatchEvent(new Event('plansmith:press-ended'));
  };
  // After the click's own listeners, the island's among them.
  const afterClick = () => setTimeout(end);
  document.addEventListener('pointerdown', begin, options);
  document.addEventListener('keydown', begin, options);
  document.addEventListener('click', afterClick, options);
  document.addEventListener('pointercancel', end, options);
  document.addEventListener('keyup', (event) => event.key === ' ' && afterClick(), options);
  document.addEventListener(
    'pointerup',
    () => {
      if (copy.hasAttribute('data-pressing')) lateEnd = setTimeout(end, PRESS_CLICK_WAIT_MS);
    },
    options,
  );
}

/**
 * A radio picked on the copy is marked `data-picked`: the app's radios of the same name uncheck
 * it as soon as they are rendered beside it, and the takeover carries the pick over.
 */
function markPicks(copy: Element) {
  copy.addEventListener('change', (event) => {
    const field = event.target;
    if (!(field instanceof HTMLInputElement) || field.type !== 'radio') return;
    const group = `[data-picked][name="${CSS.escape(field.name)}"]`;
    for (const other of copy.querySelectorAll(group)) other.removeAttribute('data-picked');
    field.setAttribute('data-picked', '');
  });
}

document.addEventListener('click', onPress, true);
for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });
// The viewer's page is read and used at once: the app comes right after the first paint (a task
// queued from a frame callback runs after that frame is painted).
const copy = document.querySelector('[data-server-rendered]');
if (copy) {
  trackPresses(copy);
  markPicks(copy);
  requestAnimationFrame(() => setTimeout(start));
}

/*
 * The viewer's page rendered on the server (decision 0040): the browser's app renders into a
 * hidden, inert container beside it and takes its place once the viewer has committed the same
 * first screen, so nothing moves and assistive technology never meets two copies.
 */

const server =
  typeof document === 'undefined'
    ? null
    : document.querySelector<HTMLElement>('#root[data-server-rendered]');
let container: HTMLElement | undefined;
let waiting = false;
/** The longest a takeover waits for a press to end. */
const PRESS_WAIT_MS = 2000;

/** The element at the same place under `to` as `el` is under `from`, if any. */
function counterpart(from: Element, to: Element, el: Element | null): Element | null {
  const path: number[] = [];
  let at = el;
  for (; at && at !== from; at = at.parentElement) {
    if (!at.parentElement) return null;
    path.unshift(Array.prototype.indexOf.call(at.parentElement.children, at));
  }
  if (at !== from) return null;
  let found: Element | undefined = to;
  for (const index of path) found = found?.children[index];
  return found ?? null;
}

/**
 * The element the app renders into: `#root` itself, or on a server-rendered page a hidden
 * container that `takeOver` puts in its place.
 */
export function appContainer(): HTMLElement {
  if (!server) return document.getElementById('root')!;
  container = document.createElement('div');
  container.hidden = true;
  container.inert = true;
  container.setAttribute('aria-hidden', 'true');
  server.after(container);
  return container;
}

/**
 * Puts the app's render in the place of the server's (once; nothing to do on other pages). Focus
 * goes to the same element in the new markup, and a button pressed before is pressed again there.
 */
export function takeOver(): void {
  const app = container;
  if (!server || !app || !server.isConnected) return;
  // A press under way on the server's copy ends there first (island.ts), or after a moment for
  // one that never ends (a pointer lost outside the window).
  if (server.hasAttribute('data-pressing')) {
    if (!waiting) {
      waiting = true;
      const go = () => {
        document.removeEventListener('plansmith:press-ended', go);
        clearTimeout(timer);
        waiting = false;
        takeOver();
      };
      document.addEventListener('plansmith:press-ended', go);
      const timer = setTimeout(() => {
        server.removeAttribute('data-pressing');
        go();
      }, PRESS_WAIT_MS);
    }
    return;
  }
  const focused = server.contains(document.activeElement) ? document.activeElement : null;
  server.replaceWith(app);
  app.hidden = false;
  app.inert = false;
  app.removeAttribute('aria-hidden');
  app.id = 'root';
  const target = counterpart(server, app, focused);
  if (target instanceof HTMLElement) target.focus({ preventScroll: true });
  document.dispatchEvent(
    new CustomEvent('plansmith:hydrating', {
      detail: (el: Element) => counterpart(server, app, el),
    }),
  );
}

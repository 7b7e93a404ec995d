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
/** The longest a takeover waits for a press to end (a pointer held, or lost off the window). */
const PRESS_WAIT_MS = 5000;

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
  carryFields(server, app);
  document.dispatchEvent(
    new CustomEvent('plansmith:hydrating', {
      detail: (el: Element) => counterpart(server, app, el),
    }),
  );
}

/**
 * What the reader changed in the copy's fields before the app came (a filter picked, a few words
 * typed), done again on the app's fields the way a person would do it, so the app's own handlers
 * see it: a radio or checkbox clicked, a text set and announced with an input event.
 */
function carryFields(from: Element, to: Element): void {
  for (const field of from.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    const twin = counterpart(from, to, field);
    if (!(twin instanceof HTMLInputElement || twin instanceof HTMLTextAreaElement)) continue;
    if (twin.type !== field.type || twin.name !== field.name) continue;
    // A chosen file cannot be set from a script; a button's value is not the reader's.
    if (['file', 'submit', 'button', 'reset', 'image', 'hidden'].includes(field.type)) continue;
    if (field instanceof HTMLInputElement && field.type === 'radio') {
      // The app's radios of the same name have unchecked the copy's by now: the island marked
      // the one picked.
      if (field.hasAttribute('data-picked') && !(twin as HTMLInputElement).checked) twin.click();
    } else if (field instanceof HTMLInputElement && field.type === 'checkbox') {
      const changed = field.checked !== field.defaultChecked;
      if (changed && (twin as HTMLInputElement).checked !== field.checked) twin.click();
    } else if (field.value !== field.defaultValue && twin.value !== field.value) {
      // React keeps the value it set: the prototype's setter goes round it, as typing does.
      const proto = twin instanceof HTMLInputElement ? HTMLInputElement : HTMLTextAreaElement;
      Reflect.set(proto.prototype, 'value', field.value, twin);
      twin.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
}

/*
 * The only script of the prerendered landing page (decision 0027) and of the viewer's page
 * rendered on the server (decision 0040). The page reads and links
 * work without it; the app is loaded at the first sign of a visitor using the page (pointer over
 * it, a touch, a key, focus) and hydrates the markup in place. A button pressed before the app is
 * there (the menu, help) is pressed again once it has taken over.
 */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let pressed: HTMLButtonElement | undefined;
let byKey = false;
let started = false;

function onPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  pressed = button;
  // A click a key made (Enter, Space) has no pointer detail.
  byKey = event.detail === 0;
}

function start() {
  if (started) return;
  started = true;
  for (const type of INTENT) document.removeEventListener(type, start, true);
  const {
    app: src,
    preload,
    styles,
  } = document.querySelector<HTMLScriptElement>('script[data-app]')!.dataset;
  if (!src) return;
  // The landing carries only the style rules of its own markup (decision 0044): the app's
  // style sheets, in their order, are all there before it renders anything else.
  const sheets = styles?.split(' ').map(addStylesheet) ?? [];
  // The viewer's scripts, asked for together rather than one import after another; on the
  // landing, the app's entry while the style sheets load.
  for (const href of [...(preload?.split(' ') ?? []), ...(styles ? [src] : [])]) {
    const link = document.createElement('link');
    link.crossOrigin = '';
    link.href = href;
    link.rel = 'modulepreload';
    document.head.append(link);
  }
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
  // What /zod-config.js does on every other page (see there), before the app defines a schema.
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodGlobal.__zod_globalConfig ??= {}).jitless = true;
  void Promise.all(sheets).then(() => import(/* @vite-ignore */ src));
}

/** Resolves once the sheet has loaded or failed: the app comes either way. */
function addStylesheet(href: string) {
  const link = document.createElement('link');
  link.crossOrigin = '';
  link.href = href;
  link.rel = 'stylesheet';
  document.head.append(link);
  return new Promise((resolve) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', resolve);
  });
}

document.addEventListener('click', onPress, true);
for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });
// The viewer's page is read and used at once: the app comes right after the first paint (a task
// queued from a frame callback runs after that frame is painted).
if (document.querySelector('[data-server-rendered]'))
  requestAnimationFrame(() => setTimeout(start));

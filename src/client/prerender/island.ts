/*
 * The only script of the prerendered landing page (decision 0027). The page reads and links
 * work without it; the app is loaded at the first sign of a visitor using the page (pointer over
 * it, a touch, a key, focus) and hydrates the markup in place. A button pressed before the app is
 * there (the menu, help) is pressed again once it has taken over.
 */
const INTENT = ['pointerover', 'pointerdown', 'touchstart', 'keydown', 'focusin'] as const;

let pressed: HTMLButtonElement | undefined;
let started = false;

function onPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  pressed = button;
}

function start() {
  if (started) return;
  started = true;
  for (const type of INTENT) document.removeEventListener(type, start, true);
  const src = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset.app;
  if (!src) return;
  document.addEventListener(
    'plansmith:hydrating',
    () => {
      document.removeEventListener('click', onPress, true);
      pressed?.click();
    },
    { once: true },
  );
  // What /zod-config.js does on every other page (see there), before the app defines a schema.
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodGlobal.__zod_globalConfig ??= {}).jitless = true;
  void import(/* @vite-ignore */ src);
}

document.addEventListener('click', onPress, true);
for (const type of INTENT) document.addEventListener(type, start, { capture: true, passive: true });

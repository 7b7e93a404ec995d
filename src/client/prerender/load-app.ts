/*
 * Starts the app on a page the build wrote without it: the landing (decision 0027), a proposal's
 * page rendered on the server (0040) and the e-mail link's page (0068). What to load is named by
 * the page's script element: `data-app` the entry, `data-preload` scripts to ask for together
 * rather than one import after another, `data-styles` the style sheets the app needs before it
 * renders, in their order (these pages carry only the rules of their own markup, decision 0044).
 */
export function loadApp(): void {
  const {
    app: src,
    preload,
    styles,
  } = document.querySelector<HTMLScriptElement>('script[data-app]')?.dataset ?? {};
  if (!src) return;
  const sheets = styles?.split(' ').map(addStylesheet) ?? [];
  // With style sheets to wait for, the app's entry downloads meanwhile.
  for (const href of [...(preload?.split(' ') ?? []), ...(styles ? [src] : [])]) {
    const link = document.createElement('link');
    link.crossOrigin = '';
    link.href = href;
    link.rel = 'modulepreload';
    document.head.append(link);
  }
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

/*
 * zod probes `new Function` to decide whether to compile its parsers; under our CSP (script-src
 * 'self', no 'unsafe-eval') that probe is reported as a violation on every page. zod reads its
 * settings from this global when a schema is defined, and the app's schemas are defined as soon as
 * its chunks load, so this plain script runs first (index.html, before the module scripts).
 * Parsing without the compiled fast path costs nothing measurable on the client's small payloads.
 */
(globalThis.__zod_globalConfig ??= {}).jitless = true;

/**
 * /error/ (docs/product/errors.md): throws during render on purpose, so the error page and error reporting can be
 * checked on a live deployment without breaking anything real.
 */
export function Component(): never {
  throw new Error('Deliberate error raised by the /error/ page.');
}

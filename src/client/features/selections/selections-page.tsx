/** Placeholder while the page is built (issue 5). */
export function Component() {
  return null;
}

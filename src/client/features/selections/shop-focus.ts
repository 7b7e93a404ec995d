import { itemAnchor } from '../../../shared/domain/selections';

/*
 * Where the keyboard lands after an option comes or goes, so focus never falls back to <body>
 * and a keyboard or screen-reader user does not have to find their place again.
 */

/** The heading an item anchor moves focus to. */
export const itemHeadingId = (itemId: string) => `item-heading-${itemId}`;

export function focusItemHeading(itemId: string): void {
  document.getElementById(itemHeadingId(itemId))?.focus();
}

/** Focuses the position button of one of the item's options; false when it is not on the page. */
export function focusOptionPosition(
  itemId: string,
  option: { optionId: string } | { productId: string },
): boolean {
  const card =
    'optionId' in option
      ? `li[data-option-id="${CSS.escape(option.optionId)}"]`
      : `li[data-product-id="${CSS.escape(option.productId)}"]`;
  const button = document
    .getElementById(itemAnchor(itemId))
    ?.querySelector<HTMLElement>(`${card} button[data-position]`);
  if (!button) return false;
  button.focus();
  return true;
}

/** The option listed after this one on the page (loading cards aside), if any. */
export function optionAfter(itemId: string, optionId: string): string | null {
  const card = document
    .getElementById(itemAnchor(itemId))
    ?.querySelector(`li[data-option-id="${CSS.escape(optionId)}"]`);
  let next = card?.nextElementSibling;
  while (next && !(next instanceof HTMLElement && next.dataset.optionId)) {
    next = next.nextElementSibling;
  }
  return next instanceof HTMLElement ? (next.dataset.optionId ?? null) : null;
}
